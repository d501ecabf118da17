import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../testing/createTestDatabase.ts";
import {
  ABANDON_LIQUIDITY_USD,
  type DeployerTokenFacts,
  deployerTokenStatus,
  RUG_LIQUIDITY_USD,
} from "./deployerVerdict.ts";
import { deployerTokenStatusSql } from "./deployerVerdictSql.ts";

/**
 * The SQL verdict agrees with the TypeScript rule (the definition) on every combination of lows
 * around both thresholds, unseen lows and graduation, evaluated by Postgres.
 */
describe("deployerTokenStatusSql", () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase({ migrate: false });
  });
  afterAll(async () => {
    await db.drop();
  });

  it("gives deployerTokenStatus's verdict for every state", async () => {
    const around = (x: number) => [x - 0.01, x, x + 0.01];
    const lows = [null, 0, ...around(RUG_LIQUIDITY_USD), ...around(ABANDON_LIQUIDITY_USD), 10_000];
    const states: DeployerTokenFacts[] = lows.flatMap((dayLowUsd) =>
      lows.flatMap((weekLowUsd) => [true, false].map((graduated) => ({ dayLowUsd, weekLowUsd, graduated }))),
    );
    const { rows } = await db.pool.query<{ status: string }>(
      `select ${deployerTokenStatusSql({ dayLowUsd: "f.day", weekLowUsd: "f.week", graduated: "f.graduated" })} as status
       from unnest($1::float8[], $2::float8[], $3::boolean[]) with ordinality as f(day, week, graduated, i)
       order by f.i`,
      [states.map((s) => s.dayLowUsd), states.map((s) => s.weekLowUsd), states.map((s) => s.graduated)],
    );
    expect(rows.map((r) => r.status)).toEqual(states.map(deployerTokenStatus));
    // every verdict is reached, so the comparison covers each branch
    expect(new Set(rows.map((r) => r.status))).toEqual(
      new Set(["rugged", "abandoned", "migrated", "active"]),
    );
  });
});
