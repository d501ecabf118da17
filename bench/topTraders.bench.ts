/**
 * Top traders of one market with BENCH_TRADES trades (default 1,000,000) by BENCH_WALLETS wallets
 * (default 50,000) spread evenly over the last 31 days. The trades are stored, and the trader
 * rollups and lifetime rows built from them by the writer's own aggregation (traderBucketsSql and
 * TRADER_TOTALS_UPSERT) and the window rows of every timeframe by the window job's first slide, then
 * vacuumed as autovacuum would; then each timeframe's ranking
 * (sortBy=pnl, limit 20, no answer cache) is read BENCH_RUNS times (default 50, after 5 warm-up
 * runs, fewer when BENCH_RUNS is smaller) through the query method the API calls, one at a time,
 * and the token's lifetime ranking (`timeframe=all`) likewise. Before each timeframe the window job
 * slides the rows to the current minute, as its every-minute run keeps them (a read then has at
 * most the minutes since that slide to subtract). Prints the load time, the rollup rows per
 * resolution, the window rows' build and slide times, and per timeframe p50 / p99 / max in ms, the database CPU time per request
 * (user + system of the database's backends over the timed runs, divided by the runs: the figure
 * that holds on a loaded machine, where wall time includes waiting for a core) and the load
 * average; last, the time and database CPU of the window job's run a minute later (every start
 * moves one minute on).
 * BENCH_EXPLAIN=1 also prints `EXPLAIN (ANALYZE, BUFFERS)` of each statement one request of each
 * timeframe sends, after its timed runs.
 * Env: BENCH_TRADES, BENCH_WALLETS, BENCH_RUNS, BENCH_EXPLAIN.
 */
import { loadavg } from "node:os";
import { type ChainId, TOKEN_TOP_TRADER_TIMEFRAMES, type TokenTopTraderTimeframe } from "@tapeline/core";
import { createTestDatabase } from "@tapeline/core/testing";
import { TRADER_TOTALS_UPSERT, traderBucketsSql } from "../services/ingest/src/writer/traderBucketsSql.ts";
import { writeBatch } from "../services/ingest/src/writer/writeBatch.ts";
import { slideTraderWindows } from "../services/jobs/src/traders/slideTraderWindows.ts";
import type { MarketDb } from "../services/query/src/market/MarketDb.ts";
import { createTraderQueries } from "../services/query/src/traders/createTraderQueries.ts";
import { backendCpuSeconds } from "./backendCpuSeconds.ts";

const TRADES = Number(process.env.BENCH_TRADES ?? 1_000_000);
const WALLETS = Number(process.env.BENCH_WALLETS ?? 50_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 50);
const EXPLAIN = process.env.BENCH_EXPLAIN === "1";
const CHAIN: ChainId = "evm:31337";
const POOL = `0x${"5a".repeat(20)}`;
const TOKEN = `0x${"7b".repeat(20)}`;
const WETH = `0x${"ee".repeat(20)}`;
const NOW = Date.now();
const SPAN_MS = 31 * 86_400_000;

const pct = (xs: number[], p: number) => xs[Math.min(xs.length - 1, Math.floor(xs.length * p))]!;

const db = await createTestDatabase();
try {
  await writeBatch(db.pool, {
    chain: CHAIN,
    blocks: [],
    trades: [],
    pools: [
      {
        chain: CHAIN,
        address: POOL,
        venueType: "UNISWAP_V2",
        factory: null,
        token0: TOKEN,
        token1: WETH,
        tokenAddress: TOKEN,
        quoteAddress: WETH,
        createdAt: NOW - SPAN_MS,
        createdBlock: 1n,
      },
    ],
    tokens: [
      { chain: CHAIN, address: TOKEN, name: "T", symbol: "T", decimals: 18, totalSupply: null },
      { chain: CHAIN, address: WETH, name: "W", symbol: "W", decimals: 18, totalSupply: null },
    ],
    nativePrices: [{ minute: Math.floor(NOW / 60_000) * 60_000 - 60_000, priceUsd: "3000", source: "bench" }],
  });
  // Trade i: wallet (i * 7919) mod WALLETS, evenly spaced in time, two buys for one sell.
  const t0 = performance.now();
  await db.pool.query(
    `insert into trades (market, chain_id, pool_address, id, tx_hash, block, log_index, at, maker, is_buy,
       token_address, quote_address, amount_token, amount_quote, volume_native)
     select '${CHAIN}/${POOL}', '${CHAIN}', '${POOL}', 't' || g, 't' || g, g, 0,
       (${NOW} - ${SPAN_MS}::bigint + (g::bigint * ${SPAN_MS}) / ${TRADES})::bigint,
       '0x' || lpad(to_hex((g::bigint * 7919) % ${WALLETS}), 40, '0'), g % 3 <> 0,
       '${TOKEN}', '${WETH}', (1 + g % 100)::numeric * 1e18, (1 + g % 1000)::numeric * 1e15,
       (1 + g % 1000)::numeric / 1000
     from generate_series(1, ${TRADES}) g`,
  );
  const sql = traderBucketsSql("trades");
  const client = await db.pool.connect();
  try {
    await client.query(`set work_mem = '256MB'`);
    await client.query(`with ${sql.ctes} ${sql.upsert}`);
    await client.query(`with ${sql.ctes}, ${TRADER_TOTALS_UPSERT}`);
  } finally {
    client.release();
  }
  const loadS = (performance.now() - t0) / 1000;
  const w0 = performance.now();
  await slideTraderWindows(db.pool, Date.now());
  const windowsS = (performance.now() - w0) / 1000;
  // what autovacuum does to a loaded table: statistics, and the visibility map index-only scans need
  await db.pool.query("vacuum analyze trades, trader_buckets, trader_totals, trader_windows");
  const counts = await db.pool.query<{ resolution_s: number; n: string }>(
    "select resolution_s, count(*) as n from trader_buckets group by 1 order by 1",
  );
  console.log(
    `${TRADES.toLocaleString()} trades, ${WALLETS.toLocaleString()} wallets: rollups built in ${loadS.toFixed(1)} s; rows ` +
      counts.rows.map((r) => `${r.resolution_s}s ${Number(r.n).toLocaleString()}`).join(", ") +
      `; window rows built in ${windowsS.toFixed(1)} s`,
  );
  // the statements of one request, kept while `recorded` is set (BENCH_EXPLAIN)
  let recorded: { text: string; values: unknown[] }[] | null = null;
  const recording: MarketDb = {
    query: ((text: string, values: unknown[]) => {
      recorded?.push({ text, values });
      return db.pool.query(text, values);
    }) as MarketDb["query"],
  };
  const q = createTraderQueries({ db: recording, ttlMs: 0 });
  // the pool's windows, then the token's lifetime ranking (the token has this one pool)
  for (const timeframe of [...TOKEN_TOP_TRADER_TIMEFRAMES.slice(1), "all"] as TokenTopTraderTimeframe[]) {
    const ask = async () =>
      timeframe === "all"
        ? q.tokenTopTraders({
            chain: CHAIN,
            address: TOKEN,
            timeframe,
            sortBy: "pnl",
            order: "desc",
            limit: 20,
          })
        : q.poolTopTraders({
            chain: CHAIN,
            address: POOL,
            timeframe,
            sortBy: "pnl",
            order: "desc",
            limit: 20,
          });
    const s0 = performance.now();
    const slides = await slideTraderWindows(db.pool, Date.now());
    const slideMs = performance.now() - s0;
    for (let i = 0; i < Math.min(5, RUNS); i++) await ask();
    const ms: number[] = [];
    let traders = 0;
    const cpu0 = await backendCpuSeconds(db.pool, db.name);
    for (let i = 0; i < RUNS; i++) {
      const s = performance.now();
      traders = (await ask()).traderCount;
      ms.push(performance.now() - s);
    }
    const cpu1 = await backendCpuSeconds(db.pool, db.name);
    const cpuMs = cpu0 === null || cpu1 === null ? "n/a" : `${(((cpu1 - cpu0) * 1000) / RUNS).toFixed(1)} ms`;
    ms.sort((a, b) => a - b);
    console.log(
      `top traders ${timeframe.padEnd(3)} (${traders.toLocaleString()} wallets in window): ` +
        `p50 ${pct(ms, 0.5).toFixed(1)} ms, p99 ${pct(ms, 0.99).toFixed(1)} ms, max ${ms.at(-1)!.toFixed(1)} ms, ` +
        `database CPU ${cpuMs} per request (load average ${loadavg()[0]!.toFixed(1)}); ` +
        `slide before: ${slides.length} timeframes moved in ${slideMs.toFixed(0)} ms`,
    );
    if (EXPLAIN) {
      recorded = [];
      await ask();
      const statements = recorded as { text: string; values: unknown[] }[];
      recorded = null;
      for (const st of statements) {
        const plan = await db.pool.query<{ "QUERY PLAN": string }>(
          `explain (analyze, buffers) ${st.text}`,
          st.values,
        );
        console.log(plan.rows.map((r) => `    ${r["QUERY PLAN"]}`).join("\n"));
      }
    }
  }
  // the window job's every-minute run: each timeframe's start moves one minute on (last, as it
  // moves the starts past the reads' windows)
  const slideCpu0 = await backendCpuSeconds(db.pool, db.name);
  const m0 = performance.now();
  const moved = await slideTraderWindows(db.pool, Date.now() + 60_000);
  const minuteMs = performance.now() - m0;
  const slideCpu1 = await backendCpuSeconds(db.pool, db.name);
  console.log(
    `a minute's slide: ${moved.length} timeframes moved in ${minuteMs.toFixed(0)} ms, database CPU ` +
      (slideCpu0 === null || slideCpu1 === null
        ? "n/a"
        : `${((slideCpu1 - slideCpu0) * 1000).toFixed(1)} ms`),
  );
} finally {
  await db.drop();
}
