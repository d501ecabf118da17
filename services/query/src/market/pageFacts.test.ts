import { createTestDatabase, type TestDatabase } from "@tapeline/core/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeBatch } from "../../../ingest/src/writer/writeBatch.ts";
import { createTokenLabelReader } from "./createTokenLabelReader.ts";
import type { MarketDb } from "./MarketDb.ts";
import { createPageFactsReader, storedPageFacts } from "./pageFacts.ts";

const CHAIN = "evm:31337";
const A = `0x${"aa".repeat(20)}`;
const B = `0x${"bb".repeat(20)}`;
const C = `0x${"cc".repeat(20)}`;

const token = (address: string, name: string, symbol: string, decimals: number) => ({
  chain: CHAIN as `evm:${number}`,
  address,
  name,
  symbol,
  decimals,
  totalSupply: null,
});

describe("page facts", () => {
  let db: TestDatabase;
  /** the statements sent through `counted`, by text */
  const sent: string[] = [];
  let counted: MarketDb;
  beforeAll(async () => {
    db = await createTestDatabase();
    await db.pool.query(
      `insert into chains (chain_id, name, slug, family, native_symbol, native_decimals, status, created_at)
       values ($1, 'Anvil', 'anvil', 'evm', 'ETH', 18, 'live', 0)`,
      [CHAIN],
    );
    await writeBatch(db.pool, {
      chain: CHAIN,
      blocks: [],
      trades: [],
      pools: [],
      tokens: [token(A, "Alpha", "ALP", 18), token(B, "Beta", "BET", 6)],
    });
    counted = {
      query: ((config: unknown, values?: unknown) => {
        sent.push(typeof config === "string" ? config : (config as { text: string }).text);
        return db.pool.query(config as string, values as unknown[]);
      }) as MarketDb["query"],
    } as MarketDb;
  });
  afterAll(async () => {
    await db?.drop();
  });

  it("reads the same facts from memory as from the store, the native coin's included", async () => {
    const stored = await storedPageFacts(db.pool)(CHAIN, [A, B, C, A]);
    expect(stored).toEqual({
      tokens: new Map([
        [A, { name: "Alpha", symbol: "ALP", decimals: 18 }],
        [B, { name: "Beta", symbol: "BET", decimals: 6 }],
      ]),
      native: { name: null, symbol: "ETH", decimals: 18 },
    });
    const held = createPageFactsReader(
      db.pool,
      createTokenLabelReader(db.pool, { ttlMs: 60_000, max: 100 }),
      { nativeTtlMs: 60_000 },
    );
    expect(await held(CHAIN, [A, B, C, A])).toEqual(stored);
    expect(await storedPageFacts(db.pool)("evm:1", [A])).toEqual({ tokens: new Map(), native: null });
    expect(await held("evm:1", [A])).toEqual({ tokens: new Map(), native: null });
  });

  it("reads known tokens and the native coin once a lifetime, an unknown token on every page", async () => {
    let t = 1_000;
    const now = () => t;
    const held = createPageFactsReader(
      counted,
      createTokenLabelReader(counted, { ttlMs: 500, max: 100, now }),
      {
        nativeTtlMs: 500,
        now,
      },
    );
    sent.length = 0;
    await held(CHAIN, [A, B]);
    expect(sent).toHaveLength(2);
    sent.length = 0;
    expect((await held(CHAIN, [A, B])).tokens.get(B)?.symbol).toBe("BET");
    expect(sent).toHaveLength(0);

    // a token stored after a page looked for it shows on the next page
    expect((await held(CHAIN, [A, C])).tokens.has(C)).toBe(false);
    expect(sent).toHaveLength(1);
    await writeBatch(db.pool, {
      chain: CHAIN,
      blocks: [],
      trades: [],
      pools: [],
      tokens: [token(C, "Gamma", "GAM", 9)],
    });
    expect((await held(CHAIN, [A, C])).tokens.get(C)).toEqual({ name: "Gamma", symbol: "GAM", decimals: 9 });

    // past the lifetime, both are read again
    t += 501;
    sent.length = 0;
    await held(CHAIN, [A]);
    expect(sent).toHaveLength(2);
  });
});
