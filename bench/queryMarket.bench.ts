/**
 * Market read API under load: one million valid trades loaded through the ingest writer (100
 * tokens, one pool each, 30 days), then wrk and autocannon (see runLoad.ts) at concurrency 64
 * against the HTTP API (createApp, in-process shard client, market queries over Postgres):
 *   GET /v1/token, GET /v1/pool/ohlcv (limit 2000, 1m), GET /v1/pool/trades (limit 500).
 * Passes: "hot", every request on one market with the default caches (a popular market polled
 * by many clients: one read per second, the answer served from its serialized form); "hot gzip",
 * the same with `Accept-Encoding: gzip` as browsers and most HTTP clients send; and "uncached",
 * the caches of token figures, candle pages and trade pages off and the requests spread
 * round-robin over the 100 markets, so every request reads Postgres (the chain's native/USD spot
 * rate keeps its production 1 s cache: it is one row per chain, not per page).
 * The API runs as API_WORKERS=N worker processes sharing one port (N = the machine's cores unless
 * BENCH_API_WORKERS says otherwise), as the router's entry point runs them, with the api image's
 * node options (SERVING_NODE_OPTIONS).
 * Prints the load time, then per target requests/s, latency percentiles, the API workers' and
 * PostgreSQL's CPU time per request (less disturbed by other work on the machine than latency) and the load average seen.
 * Each measurement follows an unmeasured warm-up of the same load.
 * Env: BENCH_TRADES (default 1000000), BENCH_DURATION_S (default 10), BENCH_WARMUP_S (default 3),
 * BENCH_PASSES (labels to run, comma-separated; default all), BENCH_TARGETS (target names to run,
 * each matched as a substring, comma-separated; default all), BENCH_API_WORKERS (default: the
 * machine's cores), BENCH_LOADGEN (wrk or autocannon alone).
 */
import { readFileSync } from "node:fs";
import { availableParallelism, loadavg } from "node:os";
import { SERVING_NODE_OPTIONS, startWorkers } from "@tapeline/core";
import { createTestDatabase, freePort } from "@tapeline/core/testing";
import pino from "pino";
import type { MarketQueriesOptions } from "../services/query/src/market/createMarketQueries.ts";
import {
  BENCH_CHAIN,
  benchPoolOf,
  benchTokenOf,
  loadBenchTrades,
} from "../services/query/src/market/testing/loadBenchTrades.ts";
import { loadGenerators, runLoad } from "./runLoad.ts";

const TRADES = Number(process.env.BENCH_TRADES ?? 1_000_000);
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const PASSES = process.env.BENCH_PASSES?.split(",");
const TARGETS = process.env.BENCH_TARGETS?.split(",");
const WORKERS = Number(process.env.BENCH_API_WORKERS ?? availableParallelism());
const WARMUP_S = Number(process.env.BENCH_WARMUP_S ?? 3);
const POOLS = 100;
const CONNECTIONS = 64;

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
    market: { tokenTtlMs: 0, candleTtlMs: 0, tradeTtlMs: 0, spotTtlMs: 1000 },
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

  const tools = await loadGenerators();
  console.log(
    `API: ${WORKERS} worker processes (API_WORKERS), ${CONNECTIONS} connections, measured with ${tools.join(" and ")}`,
  );

  for (const pass of passes) {
    if (PASSES && !PASSES.includes(pass.label)) continue;
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const api = startWorkers({
      count: WORKERS,
      exec: new URL("./marketApiWorker.ts", import.meta.url).pathname,
      env: {
        DATABASE_URL: db.url,
        PORT: String(port),
        MARKET_OPTIONS: JSON.stringify(pass.market),
        LOG_LEVEL: "warn",
        NODE_OPTIONS: SERVING_NODE_OPTIONS,
      },
      logger: pino({ level: "warn" }),
    });
    try {
      await api.listening;
      for (const target of targets) {
        if (TARGETS && !TARGETS.some((t) => target.name.includes(t))) continue;
        const paths = pass.spread
          ? Array.from({ length: POOLS }, (_, i) => target.path(i))
          : [target.path(7)];
        const check = await fetch(`${url}${paths[0]}`);
        if (check.status !== 200)
          throw new Error(`${target.name} answered ${check.status}: ${await check.text()}`);
        // unmeasured: connections opened, code compiled, caches filled, as on a server in service
        for (const tool of tools) {
          const load = { url, paths, headers: pass.headers, connections: CONNECTIONS };
          // unmeasured: connections opened, code compiled, caches filled, as on a server in service
          await runLoad(tool, { ...load, durationS: WARMUP_S });
          const loadAverage = loadavg()[0]?.toFixed(1);
          const cpuBefore = cpuMsOf(api.pids());
          const pgBefore = cpuMsByPid(await backendPids());
          const r = await runLoad(tool, { ...load, durationS: DURATION_S });
          const cpuMs = cpuMsOf(api.pids()) - cpuBefore;
          // backends that ended during the run are not counted (the API's pools keep theirs open)
          let pgMs = 0;
          for (const [pid, ms] of cpuMsByPid(await backendPids())) pgMs += ms - (pgBefore.get(pid) ?? 0);
          const ms = (v: number) => v.toFixed(1);
          console.log(
            `[${pass.label}] ${target.name} (${r.tool}): ${r.requestsPerS.toFixed(0)} req/s, p50 ${ms(r.p50)} ms, p90 ${ms(r.p90)} ms, p99 ${ms(r.p99)} ms, max ${ms(r.max)} ms, ${r.total} requests, ${(r.bytesPerS / 1e6).toFixed(1)} MB/s, server CPU ${(cpuMs / Math.max(1, r.total)).toFixed(2)} ms/request, PostgreSQL CPU ${(pgMs / Math.max(1, r.total)).toFixed(2)} ms/request, non-2xx ${r.non2xx}, errors ${r.errors}, load average ${loadAverage}`,
          );
        }
      }
    } finally {
      await api.stop();
    }
  }

  /** The PostgreSQL backends serving the benchmark's database. */
  async function backendPids(): Promise<number[]> {
    const { rows } = await db.pool.query<{ pid: number }>(
      "select pid from pg_stat_activity where datname = $1",
      [db.name],
    );
    return rows.map((r) => r.pid);
  }
} finally {
  await db.drop();
}

/** CPU time (user + system, ms) the processes used so far, from /proc (clock ticks of 10 ms). */
function cpuMsOf(pids: number[]): number {
  let ms = 0;
  for (const v of cpuMsByPid(pids).values()) ms += v;
  return ms;
}

/** {@link cpuMsOf} per process; a process that has ended is left out. */
function cpuMsByPid(pids: number[]): Map<number, number> {
  const out = new Map<number, number>();
  for (const pid of pids) {
    let stat: string;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    } catch {
      continue;
    }
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    // utime and stime are fields 14 and 15 of stat, 12 and 13 after the command name
    out.set(pid, (Number(fields[11]) + Number(fields[12])) * 10);
  }
  return out;
}
