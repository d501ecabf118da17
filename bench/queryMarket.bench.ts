/**
 * Market read API under load: one million valid trades loaded through the ingest writer (100
 * tokens, one pool each, 30 days), then autocannon at concurrency 64 against the HTTP API
 * (createApp, in-process shard client, market queries over Postgres):
 *   GET /v1/token, GET /v1/pool/ohlcv (limit 2000, 1m), GET /v1/pool/trades (limit 500).
 * Three passes: "hot", every request on one market with the default caches (a popular market
 * polled by many clients: one read per second, the answer served from its serialized form);
 * "hot gzip", the same with `Accept-Encoding: gzip` as browsers and most HTTP clients send; and
 * "uncached", the caches of token figures, candle pages and trade pages off and the requests
 * spread round-robin over the 100 markets, so every request reads Postgres.
 * Prints the load time, then per target requests/s, latency percentiles, the API process's CPU time per
 * request (less disturbed by other work on the machine than latency) and the load average seen.
 * Env: BENCH_TRADES (default 1000000), BENCH_DURATION_S (default 10).
 */
import { execFile } from "node:child_process";
import { loadavg } from "node:os";
import { promisify } from "node:util";
import { createTestDatabase } from "@tapeline/core/testing";
import type { MarketQueriesOptions } from "../services/query/src/market/createMarketQueries.ts";
import {
  BENCH_CHAIN,
  benchPoolOf,
  benchTokenOf,
  loadBenchTrades,
} from "../services/query/src/market/testing/loadBenchTrades.ts";
import { startMarketApi } from "../test/conformance/startMarketApi.ts";

const run = promisify(execFile);
const TRADES = Number(process.env.BENCH_TRADES ?? 1_000_000);
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const POOLS = 100;
const CONNECTIONS = 64;

// autocannon in its own process, so the load generator does not share the server's event loop;
// with several paths each request takes the next one.
const RUNNER = `
const autocannon = require(process.argv[1]);
const [url, paths, headers, connections, duration] = [process.argv[2], JSON.parse(process.argv[3]), JSON.parse(process.argv[4]), Number(process.argv[5]), Number(process.argv[6])];
let i = 0;
const requests = paths.length > 1 ? [{ setupRequest: (r) => ({ ...r, path: paths[i++ % paths.length] }) }] : undefined;
autocannon({ url: url + paths[0], connections, duration, headers, requests }, (err, r) => {
  if (err) { console.error(err); process.exit(1); }
  process.stdout.write(JSON.stringify(r));
});`;

type Target = { name: string; path: (i: number) => string };
const targets: Target[] = [
  { name: "GET /v1/token", path: (i) => `/v1/token?chain=${BENCH_CHAIN}&address=${benchTokenOf(i)}` },
  {
    name: "GET /v1/pool/ohlcv limit=2000 1m",
    path: (i) => `/v1/pool/ohlcv?chain=${BENCH_CHAIN}&address=${benchPoolOf(i)}&interval=1m&limit=2000`,
  },
  {
    name: "GET /v1/pool/trades limit=500",
    path: (i) => `/v1/pool/trades?chain=${BENCH_CHAIN}&address=${benchPoolOf(i)}&limit=500`,
  },
];
type Pass = {
  label: string;
  market: Omit<MarketQueriesOptions, "db">;
  spread: boolean;
  headers: Record<string, string>;
};
const passes: Pass[] = [
  { label: "hot", market: {}, spread: false, headers: {} },
  { label: "hot gzip", market: {}, spread: false, headers: { "accept-encoding": "gzip" } },
  {
    label: "uncached",
    market: { tokenTtlMs: 0, candleTtlMs: 0, tradeTtlMs: 0 },
    spread: true,
    headers: {},
  },
];

const db = await createTestDatabase();
try {
  // A throwaway database needs no crash safety: unlogged tables skip the WAL, the rows still go
  // through the writer's statements.
  for (const t of ["trades", "candle_buckets", "pools", "pool_snapshots"]) {
    await db.pool.query(`alter table ${t} set unlogged`);
  }
  const loadMs = await loadBenchTrades(db.pool, {
    trades: TRADES,
    pools: POOLS,
    spanMs: 30 * 86_400_000,
    nowMs: Date.now(),
    batch: 5000,
    writers: 2,
  });
  console.log(`loaded ${TRADES} trades through the writer in ${(loadMs / 1000).toFixed(1)} s (2 writers)`);

  for (const pass of passes) {
    const api = await startMarketApi(db.pool, pass.market);
    try {
      for (const target of targets) {
        const paths = pass.spread
          ? Array.from({ length: POOLS }, (_, i) => target.path(i))
          : [target.path(7)];
        const check = await fetch(`${api.url}${paths[0]}`);
        if (check.status !== 200)
          throw new Error(`${target.name} answered ${check.status}: ${await check.text()}`);
        const load = loadavg()[0]?.toFixed(1);
        const cpu = process.cpuUsage();
        const { stdout } = await run(
          process.execPath,
          [
            "-e",
            RUNNER,
            autocannonPath(),
            api.url,
            JSON.stringify(paths),
            JSON.stringify(pass.headers),
            String(CONNECTIONS),
            String(DURATION_S),
          ],
          { maxBuffer: 64 * 1024 * 1024 },
        );
        const used = process.cpuUsage(cpu);
        const r = JSON.parse(stdout) as {
          requests: { average: number; total: number };
          throughput: { average: number };
          latency: { p50: number; p90: number; p99: number; max: number };
          non2xx: number;
          errors: number;
        };
        console.log(
          `[${pass.label}] ${target.name}: ${r.requests.average.toFixed(0)} req/s, p50 ${r.latency.p50} ms, p90 ${r.latency.p90} ms, p99 ${r.latency.p99} ms, max ${r.latency.max} ms, ${r.requests.total} requests, ${(r.throughput.average / 1e6).toFixed(1)} MB/s, server CPU ${((used.user + used.system) / 1000 / Math.max(1, r.requests.total)).toFixed(2)} ms/request, non-2xx ${r.non2xx}, errors ${r.errors}, load average ${load}`,
        );
      }
    } finally {
      await api.close();
    }
  }
} finally {
  await db.drop();
}

function autocannonPath(): string {
  return new URL("../node_modules/autocannon/autocannon.js", import.meta.url).pathname;
}
