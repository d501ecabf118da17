import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFlakyProxy, type FlakyProxy } from "../../../../test/evm/createFlakyProxy.ts";
import { type AnvilHandle, startAnvil } from "../devnet/startAnvil.ts";
import { createRpcClient, type RpcClientEvent } from "./createRpcClient.ts";
import { RpcResponseError, RpcUnavailableError } from "./RpcErrors.ts";

describe("createRpcClient against anvil behind failing proxies", () => {
  let anvil: AnvilHandle;
  const proxies: FlakyProxy[] = [];
  const proxy = async (...args: Parameters<typeof createFlakyProxy>) => {
    const p = await createFlakyProxy(...args);
    proxies.push(p);
    return p;
  };

  beforeAll(async () => {
    anvil = await startAnvil();
    const res = await fetch(anvil.rpcUrl, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "anvil_mine", params: ["0x14"] }),
    });
    await res.text();
  });

  afterAll(async () => {
    for (const p of proxies) await p.close();
    await anvil?.stop();
  });

  it("fails over from an endpoint answering HTTP 500 and one that never answers", async () => {
    const failing = await proxy(anvil.rpcUrl, "error");
    const hanging = await proxy(anvil.rpcUrl, "hang");
    const good = await proxy(anvil.rpcUrl, "ok");
    const events: RpcClientEvent[] = [];
    const rpc = createRpcClient({
      endpoints: [{ url: failing.url }, { url: hanging.url, timeoutMs: 200 }, { url: good.url }],
      onEvent: (e) => events.push(e),
    });
    expect(await rpc.request<string>("eth_chainId", [])).toBe(`0x${anvil.chainId.toString(16)}`);
    expect(failing.counts.error).toBe(1);
    expect(hanging.counts.hang).toBe(1);
    expect(events.filter((e) => e.type === "failover").map((e) => (e as { from: string }).from)).toEqual([
      failing.url,
      hanging.url,
    ]);
    // the endpoints that failed sit out: the next call goes straight to the good one
    await rpc.request("eth_chainId", []);
    expect(failing.counts.error + hanging.counts.hang).toBe(2);
    expect(good.counts.ok).toBe(2);
  });

  it("gives up with RpcUnavailableError when every endpoint keeps failing", async () => {
    const failing = await proxy(anvil.rpcUrl, "error");
    const rpc = createRpcClient({
      endpoints: [{ url: failing.url }],
      attempts: 3,
      backoffMs: 1,
      cooldownMs: 1,
    });
    await expect(rpc.request("eth_chainId", [])).rejects.toBeInstanceOf(RpcUnavailableError);
    expect(failing.counts.error).toBe(3);
  });

  it("does not fail over a deterministic error: it is the node's answer", async () => {
    const a = await proxy(anvil.rpcUrl, "ok");
    const b = await proxy(anvil.rpcUrl, "ok");
    const rpc = createRpcClient({ endpoints: [{ url: a.url }, { url: b.url }] });
    await expect(rpc.request("eth_getBalance", ["not an address", "latest"])).rejects.toBeInstanceOf(
      RpcResponseError,
    );
    expect(b.counts.ok).toBe(0);
    const settled = await rpc.batchSettled([
      { method: "eth_chainId", params: [] },
      { method: "eth_getBalance", params: ["not an address", "latest"] },
    ]);
    expect(settled[0]).toBe(`0x${anvil.chainId.toString(16)}`);
    expect(settled[1]).toBeInstanceOf(RpcResponseError);
  });

  it("does not trust a lagging endpoint's head and reads recent blocks from a synced one", async () => {
    const lagging = await proxy(anvil.rpcUrl, "lag", 5);
    const good = await proxy(anvil.rpcUrl, "ok");
    const events: RpcClientEvent[] = [];
    const rpc = createRpcClient({
      endpoints: [{ url: lagging.url }, { url: good.url }],
      maxLagBlocks: 2,
      onEvent: (e) => events.push(e),
    });
    const real = BigInt(
      await (
        await fetch(anvil.rpcUrl, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_blockNumber", params: [] }),
        })
      )
        .json()
        .then((j) => (j as { result: string }).result),
    );
    expect(await rpc.refreshHeads()).toBe(real);
    const status = rpc.status();
    expect(status.find((s) => s.url === lagging.url)).toMatchObject({ synced: false, head: real - 5n });
    expect(events).toContainEqual({ type: "lagging", endpoint: lagging.url, head: real - 5n, best: real });
    const okBefore = lagging.counts.ok;
    const block = await rpc.request<{ number: string } | null>(
      "eth_getBlockByNumber",
      [`0x${real.toString(16)}`, false],
      {
        minBlock: real,
      },
    );
    expect(BigInt(block!.number)).toBe(real);
    expect(lagging.counts.ok).toBe(okBefore);
  });
});
