import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AnvilHandle, startAnvil } from "../devnet/startAnvil.ts";
import { subscribeNewHeads } from "./subscribeNewHeads.ts";

describe("subscribeNewHeads", () => {
  let anvil: AnvilHandle;
  beforeAll(async () => {
    anvil = await startAnvil();
  });
  afterAll(async () => {
    await anvil?.stop();
  });

  it("reports each block the node mines, in order", async () => {
    const heads: bigint[] = [];
    let subscribed!: () => void;
    const ready = new Promise<void>((r) => {
      subscribed = r;
    });
    const stop = subscribeNewHeads(anvil.wsUrl, (n) => heads.push(n));
    // the subscription is live once a probe block comes through
    const probe = setInterval(() => {
      void fetch(anvil.rpcUrl, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "anvil_mine", params: ["0x1"] }),
      }).then((r) => r.text());
      if (heads.length > 0) subscribed();
    }, 50);
    await ready;
    clearInterval(probe);
    const before = heads.length;
    const res = await fetch(anvil.rpcUrl, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 2, method: "anvil_mine", params: ["0x3"] }),
    });
    await res.text();
    while (heads.length < before + 3) await new Promise((r) => setTimeout(r, 20));
    stop();
    for (let i = 1; i < heads.length; i++) expect(heads[i]).toBe(heads[i - 1]! + 1n);
  });
});
