/**
 * The statements behind each hot market read, with their plans: a synthetic market loaded through
 * the ingest writer (loadBenchTrades), the market queries run with every cache off, each
 * statement they send recorded and run again under `EXPLAIN (ANALYZE, BUFFERS)` once warm.
 * Prints markdown (what services/query/src/market/README.md quotes).
 * Env: BENCH_TRADES (default 200000), BENCH_POOLS (default 100).
 */
import { createTestDatabase } from "@tapeline/core/testing";
import { createMarketQueries } from "../services/query/src/market/createMarketQueries.ts";
import type { MarketDb } from "../services/query/src/market/MarketDb.ts";
import {
  BENCH_CHAIN,
  benchPoolOf,
  benchTokenOf,
  loadBenchTrades,
} from "../services/query/src/market/testing/loadBenchTrades.ts";

const TRADES = Number(process.env.BENCH_TRADES ?? 200_000);
const POOLS = Number(process.env.BENCH_POOLS ?? 100);

const db = await createTestDatabase();
try {
  const nowMs = Date.now();
  const loadMs = await loadBenchTrades(db.pool, {
    trades: TRADES,
    pools: POOLS,
    spanMs: 30 * 86_400_000,
    nowMs,
    batch: 5_000,
    writers: 2,
  });
  let recorded: { text: string; values: unknown[] }[] = [];
  const recording: MarketDb = {
    query: ((text: string, values: unknown[]) => {
      recorded.push({ text, values });
      return db.pool.query(text, values);
    }) as MarketDb["query"],
  };
  const q = createMarketQueries({
    db: recording,
    tokenTtlMs: 0,
    candleTtlMs: 0,
    tradeTtlMs: 0,
    definitionTtlMs: 0,
  });
  const chain = BENCH_CHAIN;
  const reads: [string, () => Promise<unknown>][] = [
    ["token snapshot (GET /v1/token)", () => q.tokenSnapshot({ chain, address: benchTokenOf(7) })],
    ["pool definition", () => q.poolDefinition({ chain, address: benchPoolOf(7) })],
    [
      "500-trade page (GET /v1/pool/trades)",
      () => q.poolTrades({ chain, address: benchPoolOf(7), limit: 500 }),
    ],
    [
      "2,000-candle page, 1m (GET /v1/pool/ohlcv)",
      () =>
        q.poolOhlcv({
          chain,
          address: benchPoolOf(7),
          interval: "1m",
          limit: 2000,
          quote: "native",
          fill: false,
        }),
    ],
  ];
  console.log(
    `${TRADES.toLocaleString("en-US")} trades over ${POOLS} pools loaded in ${(loadMs / 1000).toFixed(1)} s\n`,
  );
  for (const [name, run] of reads) {
    await run();
    recorded = [];
    const t = performance.now();
    await run();
    const ms = performance.now() - t;
    const statements = recorded;
    console.log(`### ${name}: ${statements.length} statement(s), ${ms.toFixed(1)} ms for the read\n`);
    for (const s of statements) {
      const plan = await db.pool.query<{ "QUERY PLAN": string }>(
        `explain (analyze, buffers, costs off) ${s.text}`,
        s.values,
      );
      console.log("```sql");
      console.log(s.text.replace(/\n\s*\n/g, "\n").trim());
      console.log("```\n```text");
      console.log(plan.rows.map((r) => r["QUERY PLAN"]).join("\n"));
      console.log("```\n");
    }
  }
} finally {
  await db.drop();
}
