import type { PoolRecord } from "@tapeline/core";
import { createTestDatabase, type TestDatabase } from "@tapeline/core/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LIQUIDITY_LOW_WINDOW_MS } from "./liquidityLows.ts";
import { rollbackTo } from "./rollbackTo.ts";
import { writeBatch } from "./writeBatch.ts";

/**
 * The writer keeps each market's running minimum of USD liquidity over its token's first week
 * (a row per new low, valued at the stored native/USD minute), the same batch written twice
 * adds nothing, and a rollback drops the rows of the removed blocks.
 */

const CHAIN = "evm:31337" as const;
const TOKEN = `0x${"a1".repeat(20)}`;
const WETH = `0x${"ee".repeat(20)}`;
const POOL = `0x${"b2".repeat(20)}`;
const DEPLOY = 1_700_000_000_000;
const RATE = 2000;

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db?.drop();
});

const pool = (block: number, at: number, liquidityNative: string): PoolRecord => ({
  chain: CHAIN,
  address: POOL,
  venueType: "UNISWAP_V2",
  factory: null,
  token0: TOKEN,
  token1: WETH,
  tokenAddress: TOKEN,
  quoteAddress: WETH,
  liquidityNative,
  createdAt: DEPLOY,
  createdBlock: 1n,
  updatedBlock: BigInt(block),
  updatedAt: at,
});
const write = (block: number, at: number, liquidityNative: string) =>
  writeBatch(db.pool, {
    chain: CHAIN,
    blocks: [],
    trades: [],
    tokens: [
      {
        chain: CHAIN,
        address: TOKEN,
        name: "T",
        symbol: "T",
        decimals: 18,
        totalSupply: 1n,
        createdAt: DEPLOY,
        deployer: `0x${"d0".repeat(20)}`,
      },
    ],
    pools: [pool(block, at, liquidityNative)],
    nativePrices: [{ minute: Math.floor(at / 60_000) * 60_000, priceUsd: String(RATE), source: "test" }],
  });
const lows = async () =>
  (
    await db.pool.query<{ block: string; usd: string }>(
      "select block::text, liquidity_usd::text as usd from token_liquidity_lows order by block",
    )
  ).rows.map((r) => [Number(r.block), Number(r.usd)]);

const summary = async () =>
  (
    await db.pool.query<{ day: number | null; week: number | null }>(
      "select liquidity_day_low_usd as day, liquidity_week_low_usd as week from token_markets",
    )
  ).rows;

describe("liquidity lows", () => {
  it("keep a row per new low in the token's first week, valued at the native rate", async () => {
    await write(1, DEPLOY, "0");
    expect(await lows()).toEqual([]);
    await write(2, DEPLOY + 60_000, "1");
    await write(3, DEPLOY + 120_000, "2");
    await write(4, DEPLOY + 3_600_000, "0.04");
    await write(4, DEPLOY + 3_600_000, "0.04");
    await write(5, DEPLOY + 2 * 86_400_000, "0.03");
    await write(6, DEPLOY + LIQUIDITY_LOW_WINDOW_MS + 60_000, "0.001");
    expect(await lows()).toEqual([
      [2, 1 * RATE],
      [4, 0.04 * RATE],
      [5, 0.03 * RATE],
    ]);
    // the market-list row sums them up: the lowest within a day of deploy, and of the week
    expect(await summary()).toEqual([{ day: 0.04 * RATE, week: 0.03 * RATE }]);
  });

  it("lose the rows of blocks a rollback removes", async () => {
    await rollbackTo(db.pool, CHAIN, 4n);
    expect(await lows()).toEqual([
      [2, 1 * RATE],
      [4, 0.04 * RATE],
    ]);
    expect(await summary()).toEqual([{ day: 0.04 * RATE, week: 0.04 * RATE }]);
    await rollbackTo(db.pool, CHAIN, 3n);
    expect(await summary()).toEqual([{ day: 1 * RATE, week: 1 * RATE }]);
  });
});
