/**
 * Hot `GET /v1/token` through the router (billing gate on, `API_WORKERS`) to the owning query
 * shard in `make cluster`'s topology: 3 shards, each service its own process, PostgreSQL and Redis
 * of the cluster's own. The devnet's seed tokens are asked for in turn; after a warm-up every
 * answer should come from the shards' memory. The ingest, jobs and simulator are stopped before
 * measuring so that PostgreSQL's transaction count (pg_stat_database) moves only for the
 * router and the shards: it is read over an idle period and over the load, both printed.
 * CPU time is read from /proc for each server process (the router with its workers, each shard,
 * Redis, PostgreSQL with its backends) and for the load generator, over the idle period and over
 * the load: CPU per request tells what the path costs whatever the machine's load, and what the
 * servers' CPU would serve on two idle cores.
 * Env: BENCH_DURATION_S (default 10), BENCH_CONNECTIONS (default 32), API_WORKERS (default 2),
 * BENCH_RATE (requests/s sent on a fixed schedule by the paced open-loop generator, the latency
 * counted from each request's scheduled time; default: wrk and autocannon as fast as they can),
 * BENCH_CPU_PROF (a directory: the router and shards run under `--cpu-prof`, profiles written there
 * when the cluster stops).
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { createPgPool } from "@tapeline/core";
import { Redis } from "ioredis";
import type pg from "pg";
import { startCluster } from "../scripts/cluster/startCluster.ts";
import { processTreeCpuSeconds } from "./backendCpuSeconds.ts";
import { loadGenerators, runLoad } from "./runLoad.ts";

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const API_WORKERS = Number(process.env.API_WORKERS ?? 2);
const RATE = process.env.BENCH_RATE ? Number(process.env.BENCH_RATE) : undefined;
const PROFILE_DIR = process.env.BENCH_CPU_PROF ? path.resolve(process.env.BENCH_CPU_PROF) : undefined;

async function transactions(pool: pg.Pool): Promise<number> {
  // stats are flushed by backends at most once a second and on idle; a fresh snapshot each read
  const r = await pool.query<{ n: string }>(
    "select xact_commit + xact_rollback as n from pg_stat_database where datname = current_database()",
  );
  return Number(r.rows[0]?.n ?? 0);
}

/** The server processes whose CPU time is read, by name. */
async function serverPids(cluster: Awaited<ReturnType<typeof startCluster>>, pool: pg.Pool) {
  const pids = new Map<string, number>();
  const add = (name: string, pid: number | null) => {
    if (pid === null) throw new Error(`${name} is not running`);
    pids.set(name, pid);
  };
  add("router", cluster.router.pid);
  for (let i = 0; i < 3; i++) add(`shard ${i}`, cluster.shard(i).pid);
  const redis = new Redis(cluster.redis.url, { maxRetriesPerRequest: 1 });
  try {
    const info = await redis.info("server");
    add("redis", Number(/process_id:(\d+)/.exec(info)?.[1]));
  } finally {
    redis.disconnect();
  }
  // the postmaster is the parent of every backend
  const backend = (await pool.query<{ pid: number }>("select pg_backend_pid() as pid")).rows[0]?.pid;
  const postmaster = Number(readFileSync(`/proc/${backend}/stat`, "utf8").split(") ")[1]?.split(" ")[1]);
  add("postgres", postmaster);
  return pids;
}

function cpuOf(pids: Map<string, number>): Map<string, number> {
  return new Map([...pids].map(([name, pid]) => [name, processTreeCpuSeconds(pid) ?? Number.NaN]));
}

function cpuSince(pids: Map<string, number>, before: Map<string, number>): Map<string, number> {
  const now = cpuOf(pids);
  return new Map([...now].map(([name, s]) => [name, s - (before.get(name) ?? Number.NaN)]));
}

const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(" ");

const dir = mkdtempSync(path.join(tmpdir(), "tl-bench-cluster-"));
if (PROFILE_DIR) mkdirSync(PROFILE_DIR, { recursive: true });
const cluster = await startCluster({
  shards: 3,
  apiWorkers: API_WORKERS,
  database: "postgres",
  redis: "own",
  dir,
  logLevel: "warn",
  // a machine this loaded can hold a healthy call past the production bounds (shard, Postgres
  // connect): failures the path did not cause would hide what it costs
  patientTimeouts: true,
  // seven processes compiling and rebuilding at once can take minutes to start on such a machine
  readyTimeoutMs: 600_000,
  ...(PROFILE_DIR ? { nodeArgs: ["--cpu-prof", `--cpu-prof-dir=${PROFILE_DIR}`] } : {}),
});
const pool = createPgPool({ url: cluster.database.url, max: 1 });
try {
  await cluster.simulator.stop();
  await Promise.all([cluster.ingest.kill("SIGTERM"), cluster.jobs.kill("SIGTERM")]);
  const tokens = cluster.chain.deployment.tokens.map((t) => t.address);
  const paths = tokens.map((a) => `/v1/token?chain=evm:${cluster.chain.deployment.chainId}&address=${a}`);
  const headers = { authorization: cluster.apiKey };
  for (const p of paths) {
    // a loaded machine can hold a first (cold) read past the router's shard timeout: ask again
    for (let attempt = 1; ; attempt++) {
      const res = await fetch(`${cluster.url}${p}`, { headers });
      if (res.status === 200) break;
      if (res.status !== 503 || attempt === 10)
        throw new Error(`${p} answered ${res.status}: ${await res.text()}`);
      await new Promise((r) => setTimeout(r, 1000));
    }
  }
  const pids = await serverPids(cluster, pool);
  const rate = RATE === undefined ? {} : { ratePerS: RATE };
  const tools =
    RATE !== undefined && !process.env.BENCH_LOADGEN ? (["paced"] as const) : await loadGenerators();
  for (const tool of tools) {
    await runLoad(tool, {
      url: cluster.url,
      paths,
      headers,
      connections: CONNECTIONS,
      durationS: 3,
      ...rate,
    });
    await new Promise((r) => setTimeout(r, 1500));
    const idle0 = await transactions(pool);
    const idleCpu0 = cpuOf(pids);
    await new Promise((r) => setTimeout(r, DURATION_S * 1000));
    const idleCpu = cpuSince(pids, idleCpu0);
    const idle1 = await transactions(pool);
    const loadBefore = load();
    const loadCpu0 = cpuOf(pids);
    const r = await runLoad(tool, {
      url: cluster.url,
      paths,
      headers,
      connections: CONNECTIONS,
      durationS: DURATION_S,
      ...rate,
    });
    const loadCpu = cpuSince(pids, loadCpu0);
    const loadAfter = load();
    await new Promise((r) => setTimeout(r, 1500));
    const loaded = (await transactions(pool)) - idle1;
    console.log(
      `${tool}: GET /v1/token via router (${API_WORKERS} workers) → 3 shards, ${CONNECTIONS} connections, ${DURATION_S} s` +
        `${RATE === undefined ? "" : `, held at ${RATE} req/s`}: ` +
        `${r.requestsPerS.toFixed(0)} req/s, p50 ${r.p50} ms, p90 ${r.p90} ms, p99 ${r.p99} ms, max ${r.max} ms, ` +
        `non-2xx ${r.non2xx}, errors ${r.errors}${tool === "paced" ? `, unsent ${r.unsent}` : ""}; Postgres transactions: ${loaded} during the load and 1.5 s after ` +
        `(${r.total} requests), ${idle1 - idle0} over ${DURATION_S} s idle; load average ${loadBefore} before, ${loadAfter} after`,
    );
    const us = (s: number) => `${((s * 1e6) / Math.max(1, r.total)).toFixed(0)} us`;
    let serverCpu = 0;
    const rows: string[] = [];
    for (const [name, s] of loadCpu) {
      serverCpu += s;
      rows.push(`${name} ${us(s)} (${(idleCpu.get(name) ?? 0).toFixed(2)} s idle)`);
    }
    console.log(
      `  CPU per request during the load (CPU seconds over the same ${DURATION_S} s idle in brackets): ${rows.join(", ")}; ` +
        `servers ${us(serverCpu)} in all, so ${(r.total / serverCpu) * 2 >= 1 ? ((r.total / serverCpu) * 2).toFixed(0) : "-"} req/s on two idle cores; ` +
        `load generator ${r.cpuSeconds === null ? "not measured" : us(r.cpuSeconds)}`,
    );
  }
} finally {
  await pool.end();
  await cluster.stop();
  rmSync(dir, { recursive: true, force: true });
}
