/**
 * Market reads on Citus against plain PostgreSQL: the same synthetic market (BENCH_TRADES valid
 * trades, default 60,000, over 20 pools and 30 days) loaded through the ingest writer into a
 * database on the machine's PostgreSQL 15 and into one on a Citus cluster started here (a
 * coordinator and two workers on this machine, eight shards per table), then the market queries
 * of a query shard with every page and figure cache off (the spot rate and token labels kept, as
 * in service):
 *   the 2,000-candle page (GET /v1/pool/ohlcv limit=2000 1m) and the 500-trade page
 *   (GET /v1/pool/trades limit=500), requests rotating over the 20 pools; the token-wide 500-trade
 *   tape (GET /v1/token/trades limit=500) and stats (GET /v1/token/stats, 4 windows), requests
 *   rotating over the 5 tokens, each trading on 4 of the pools.
 * Prints the load time of each, then per target and server the latency percentiles of requests
 * one at a time, and the throughput with BENCH_CONCURRENCY (default 8) in flight.
 * Skipped, with a message, when the citus extension is not installed (README: Testing on Citus).
 * Env: BENCH_TRADES, BENCH_REQUESTS (measured requests per target, default 300), BENCH_CONCURRENCY,
 * BENCH_TARGETS (indexes of the targets to run, comma-separated; default all).
 */
import { createPgPool } from "@tapeline/core";
import { createTestDatabase, findCitus, startCitusCluster, type TestDatabase } from "@tapeline/core/testing";
import type pg from "pg";
import { createMarketQueries } from "../services/query/src/market/createMarketQueries.ts";
import {
  BENCH_CHAIN,
  benchPoolOf,
  benchTokenOf,
  loadBenchTrades,
} from "../services/query/src/market/testing/loadBenchTrades.ts";

const TRADES = Number(process.env.BENCH_TRADES ?? 60_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 300);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const POOLS = 20;
const MARKETS_PER_TOKEN = 4;
const TOKENS = POOLS / MARKETS_PER_TOKEN;
const TARGETS = process.env.BENCH_TARGETS?.split(",").map(Number);

type Queries = ReturnType<typeof createMarketQueries>;
const targets: { name: string; read: (q: Queries, i: number) => Promise<number> }[] = [
  {
    name: "2,000-candle page (1m)",
    read: async (q, i) =>
      (
        await q.poolOhlcv({
          chain: BENCH_CHAIN,
          address: benchPoolOf(i % POOLS),
          interval: "1m",
          limit: 2000,
          endTime: null,
          quote: "native",
          fill: false,
        })
      ).data.length,
  },
  {
    name: "500-trade page",
    read: async (q, i) =>
      (await q.poolTrades({ chain: BENCH_CHAIN, address: benchPoolOf(i % POOLS), limit: 500 })).data.length,
  },
  {
    name: `500-trade token tape (${MARKETS_PER_TOKEN} markets)`,
    read: async (q, i) =>
      (await q.tokenTrades({ chain: BENCH_CHAIN, address: benchTokenOf(i % TOKENS), limit: 500 })).data
        .length,
  },
  {
    name: `token stats, 4 windows (${MARKETS_PER_TOKEN} markets)`,
    read: async (q, i) => {
      const s = await q.tokenStats({
        chain: BENCH_CHAIN,
        address: benchTokenOf(i % TOKENS),
        windows: ["5m", "1h", "6h", "24h"],
      });
      return s.windows["24h"]?.txns ?? 0;
    },
  },
];

const install = findCitus();
if (!install?.installed) {
  console.log("skipped: the citus extension is not installed for this PostgreSQL (README: Testing on Citus)");
  process.exit(0);
}

const cluster = await startCitusCluster(install);
const nowMs = Date.now();
const open = async (server: "postgres" | "citus"): Promise<TestDatabase> => {
  process.env.TEST_DATABASE = server;
  process.env.TEST_CITUS_URLS = cluster.urls.join(",");
  return createTestDatabase();
};
const dbs: { label: string; db: TestDatabase; pool: pg.Pool }[] = [];
try {
  for (const [label, server] of [
    ["PostgreSQL 15", "postgres"],
    ["Citus 13.2 (coordinator + 2 workers)", "citus"],
  ] as const) {
    const db = await open(server);
    // A connection to a Citus node can take longer than the pools' 5 s bound to open on a loaded
    // machine (a load of 5,000-trade batches stopped there at load average 12).
    const pool = createPgPool({ url: db.url, max: 8, connectTimeoutMs: 60_000 });
    dbs.push({ label, db, pool });
    const loadMs = await loadBenchTrades(pool, {
      trades: TRADES,
      pools: POOLS,
      spanMs: 30 * 86_400_000,
      nowMs,
      batch: 5000,
      writers: 2,
      marketsPerToken: MARKETS_PER_TOKEN,
    });
    await pool.query("analyze");
    console.log(`${label}: loaded ${TRADES} trades through the writer in ${(loadMs / 1000).toFixed(1)} s`);
  }

  for (const target of targets.filter((_, k) => !TARGETS || TARGETS.includes(k))) {
    for (const { label, pool } of dbs) {
      const q = createMarketQueries({
        db: pool,
        now: () => nowMs,
        tokenTtlMs: 0,
        candleTtlMs: 0,
        tradeTtlMs: 0,
        // the native/USD spot rate a second, as in service (and as queryMarket.bench.ts keeps it)
        spotTtlMs: 1000,
      });
      for (let i = 0; i < 2 * POOLS; i++) await target.read(q, i); // unmeasured warm-up
      const lat: number[] = [];
      let rows = 0;
      for (let i = 0; i < REQUESTS; i++) {
        const t0 = performance.now();
        rows += await target.read(q, i);
        lat.push(performance.now() - t0);
      }
      lat.sort((a, b) => a - b);
      const pct = (p: number) => lat[Math.min(lat.length - 1, Math.floor(p * lat.length))]!.toFixed(1);
      const t0 = performance.now();
      let next = 0;
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          while (next < REQUESTS) await target.read(q, next++);
        }),
      );
      const perS = REQUESTS / ((performance.now() - t0) / 1000);
      console.log(
        `${target.name} on ${label}: one at a time p50 ${pct(0.5)} ms, p90 ${pct(0.9)} ms, p99 ${pct(0.99)} ms (${(rows / REQUESTS).toFixed(0)} rows/page); ${CONCURRENCY} in flight ${perS.toFixed(0)} pages/s`,
      );
    }
  }
} finally {
  for (const { db, pool } of dbs) {
    await pool.end();
    await db.drop();
  }
  await cluster.stop();
}
