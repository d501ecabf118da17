import { deployerTokenStatus, listMigrations, migrate } from "@tapeline/core";
import { createTestDatabase, type TestDatabase } from "@tapeline/core/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { refreshDeployerVerdicts } from "./deployerVerdicts.ts";

/**
 * Migration 0165 stores the verdicts of the tokens already written: each the rule's
 * (deployerTokenStatus, expected here from the market rows written) and the one the writer keeps
 * (refreshDeployerVerdicts then finds nothing to change). The writer's own upkeep is tested
 * batch by batch in liquidityLows.test.ts.
 */

const CHAIN = "evm:31339";
const addr = (tag: number) => `0x${tag.toString(16).padStart(2, "0").repeat(20)}`;
type Market = {
  address: string;
  curve?: true;
  liquidityNative: number;
  dayLow: number | null;
  weekLow: number | null;
};
// per token: its markets, the first the best pool (the most liquidity)
const TOKENS: { token: string; markets: Market[] }[] = [
  { token: addr(0x11), markets: [{ address: addr(0x21), liquidityNative: 1, dayLow: 50, weekLow: 50 }] },
  { token: addr(0x12), markets: [{ address: addr(0x22), liquidityNative: 1, dayLow: 900, weekLow: 300 }] },
  // its graduated curve keeps the most (virtual) liquidity: judged on its pair, not the curve's lows
  {
    token: addr(0x13),
    markets: [
      { address: addr(0x23), curve: true, liquidityNative: 30, dayLow: 10, weekLow: 10 },
      { address: addr(0x33), liquidityNative: 5, dayLow: 1000, weekLow: 1000 },
    ],
  },
  { token: addr(0x14), markets: [{ address: addr(0x24), liquidityNative: 1, dayLow: null, weekLow: null }] },
  { token: addr(0x15), markets: [] },
];

/** The verdict by the rule: on the best pool, or the deepest pair when that is a graduated curve. */
function expected(markets: Market[]) {
  const best = markets[0];
  const pair = [...markets].filter((m) => !m.curve).sort((a, b) => b.liquidityNative - a.liquidityNative)[0];
  const judged = best?.curve && pair ? pair : best;
  return deployerTokenStatus({
    dayLowUsd: judged?.dayLow ?? null,
    weekLowUsd: judged?.weekLow ?? null,
    graduated: markets.some((m) => m.curve),
  });
}

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase({ migrate: false });
  await migrate(
    db.pool,
    listMigrations().filter((m) => m.version < 165),
  );
  for (const { token, markets } of TOKENS) {
    await db.pool.query(
      "insert into tokens (chain_id, address, deployer, created_at, best_pool, updated_at) values ($1, $2, $3, 1, $4, 0)",
      [CHAIN, token, addr(0xde), markets[0]?.address ?? null],
    );
    for (const m of markets)
      await db.pool.query(
        `insert into token_markets (token_key, market, chain_id, address, token_address, quote_address, venue_type,
           is_launchpad, migrated, liquidity_native, liquidity_day_low_usd, liquidity_week_low_usd, created_at)
         values ($1 || '/' || $2, $1 || '/' || $3, $1, $3, $2, $4, $5, $6, $6, $7, $8, $9, 1)`,
        [
          CHAIN,
          token,
          m.address,
          addr(0xee),
          m.curve ? "TAPELINE_CURVE" : "UNISWAP_V2",
          m.curve === true,
          m.liquidityNative,
          m.dayLow,
          m.weekLow,
        ],
      );
  }
  await migrate(db.pool);
});
afterAll(async () => {
  await db?.drop();
});

describe("migration 0165", () => {
  it("stores the rule's verdict of every token already written, as the writer would", async () => {
    const stored = async () =>
      (
        await db.pool.query<{ address: string; s: string }>(
          "select address, deployer_status as s from tokens where chain_id = $1 order by address",
          [CHAIN],
        )
      ).rows.map((r) => r.s);
    const want = TOKENS.map((t) => expected(t.markets));
    expect(await stored()).toEqual(want);
    expect(new Set(want)).toEqual(new Set(["rugged", "abandoned", "migrated", "active"]));
    const client = await db.pool.connect();
    try {
      await refreshDeployerVerdicts(
        client,
        TOKENS.map((t) => ({ chain: CHAIN, token: t.token })),
      );
    } finally {
      client.release();
    }
    expect(await stored()).toEqual(want);
  });
});
