import { ABANDON_WINDOW_MS, deployerTokenStatus, type PoolRecord, RUG_WINDOW_MS } from "@tapeline/core";
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

/**
 * The verdict the writer stores per token (tokens.deployer_status) follows its judged pool's lows
 * batch by batch, is restored by a rollback, and is judged again on the new pool when the best
 * pool changes; expected from the states written, by deployerTokenStatus.
 */
describe("stored deployer verdicts", () => {
  const chain = "evm:31338" as const;
  const token = `0x${"a2".repeat(20)}`;
  const [first, deeper] = [`0x${"b3".repeat(20)}`, `0x${"b4".repeat(20)}`];
  const states: { market: string; block: number; at: number; liquidityNative: string }[] = [];
  const writeState = (market: string, block: number, at: number, liquidityNative: string) => {
    states.push({ market, block, at, liquidityNative });
    return writeBatch(db.pool, {
      chain,
      blocks: [],
      trades: [],
      tokens: [
        {
          chain,
          address: token,
          name: "V",
          symbol: "V",
          decimals: 18,
          totalSupply: 1n,
          createdAt: DEPLOY,
          deployer: `0x${"d1".repeat(20)}`,
        },
      ],
      pools: [
        { ...pool(block, at, liquidityNative), chain, address: market, token0: token, tokenAddress: token },
      ],
      nativePrices: [{ minute: Math.floor(at / 60_000) * 60_000, priceUsd: String(RATE), source: "test" }],
    });
  };
  // the verdict by the rule, on the pool holding the most liquidity as the kept states leave it
  const expected = (upToBlock: number) => {
    const kept = states.filter((s) => s.block <= upToBlock);
    const last = new Map(kept.map((s) => [s.market, Number(s.liquidityNative)]));
    const best = [...last.entries()].sort((a, b) => b[1] - a[1])[0]![0];
    const usd = (until: number) => {
      const xs = kept
        .filter((s) => s.market === best && s.at <= until)
        .map((s) => Number(s.liquidityNative) * RATE);
      return xs.length === 0 ? null : Math.min(...xs);
    };
    return deployerTokenStatus({
      dayLowUsd: usd(DEPLOY + RUG_WINDOW_MS),
      weekLowUsd: usd(DEPLOY + ABANDON_WINDOW_MS),
      graduated: false,
    });
  };
  const stored = async () =>
    (
      await db.pool.query<{ s: string }>(
        "select deployer_status as s from tokens where chain_id = $1 and address = $2",
        [chain, token],
      )
    ).rows[0]?.s;

  it("flips when a later batch takes the judged pool's low across a threshold, and back on rollback", async () => {
    await writeState(first, 10, DEPLOY + 60_000, "1");
    expect(await stored()).toBe(expected(10));
    await writeState(first, 11, DEPLOY + 2 * 3_600_000, String(400 / RATE));
    expect(await stored()).toBe(expected(11));
    await writeState(first, 12, DEPLOY + 3 * 3_600_000, String(80 / RATE));
    expect(await stored()).toBe(expected(12));
    // the three verdicts differ, so each write and the rollback changed the stored one
    expect([expected(10), expected(11), expected(12)]).toEqual(["active", "abandoned", "rugged"]);
    await rollbackTo(db.pool, chain, 11n);
    states.splice(states.length - 1, 1);
    expect(await stored()).toBe(expected(11));
  });

  it("judges the new best pool when a deeper market takes over", async () => {
    await writeState(deeper, 12, DEPLOY + 4 * 3_600_000, "5");
    expect(await stored()).toBe(expected(12));
    expect(expected(12)).toBe("active");
    // and its rollback leaves the first market judged again
    await rollbackTo(db.pool, chain, 11n);
    states.splice(states.length - 1, 1);
    expect(await stored()).toBe(expected(11));
    expect(expected(11)).toBe("abandoned");
  });
});
