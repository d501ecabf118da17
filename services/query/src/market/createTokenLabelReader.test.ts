import { createTestDatabase, type TestDatabase } from "@tapeline/core/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeBatch } from "../../../ingest/src/writer/writeBatch.ts";
import { createTokenLabelReader } from "./createTokenLabelReader.ts";

const A = `0x${"aa".repeat(20)}`;
const B = `0x${"bb".repeat(20)}`;

describe("createTokenLabelReader", () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
    await writeBatch(db.pool, {
      chain: "evm:1",
      blocks: [],
      trades: [],
      pools: [],
      tokens: [{ chain: "evm:1", address: A, name: "Alpha", symbol: "ALP", decimals: 18, totalSupply: null }],
    });
  });
  afterAll(async () => {
    await db?.drop();
  });

  it("remembers known labels for ttlMs and never remembers an unknown token", async () => {
    let t = 1_000;
    const labels = createTokenLabelReader(db.pool, { ttlMs: 500, max: 10, now: () => t });
    expect(await labels("evm:1", [A, B, A])).toEqual(
      new Map([[A, { name: "Alpha", symbol: "ALP", decimals: 18 }]]),
    );
    await db.pool.query("update tokens set symbol = 'ALP2' where address = $1", [A]);
    await db.pool.query(
      "insert into tokens (chain_id, address, name, symbol, decimals, updated_at) values ('evm:1', $1, 'Beta', 'BET', 6, 0)",
      [B],
    );
    const again = await labels("evm:1", [A, B]);
    expect(again.get(A)?.symbol).toBe("ALP");
    expect(again.get(B)).toEqual({ name: "Beta", symbol: "BET", decimals: 6 });
    // another chain is another token
    expect((await labels("evm:8453", [A])).size).toBe(0);
    t += 501;
    expect((await labels("evm:1", [A])).get(A)?.symbol).toBe("ALP2");
  });

  it("holds at most max labels, the oldest going first, on every chain", async () => {
    const C = `0x${"cc".repeat(20)}`;
    await db.pool.query(
      "insert into tokens (chain_id, address, name, symbol, decimals, updated_at) values ('evm:1', $1, 'Cee', 'CEE', 6, 0)",
      [C],
    );
    const labels = createTokenLabelReader(db.pool, { ttlMs: 60_000, max: 1 });
    await labels("evm:1", [A]);
    expect(labels.known("evm:1", A)?.name).toBe("Alpha");
    await labels("evm:1", [C]);
    expect(labels.known("evm:1", C)?.name).toBe("Cee");
    expect(labels.known("evm:1", A)).toBeUndefined();
    expect(labels.known("evm:8453", C)).toBeUndefined();
  });
});
