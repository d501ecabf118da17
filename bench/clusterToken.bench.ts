/**
 * Hot `GET /v1/token` through the router (billing gate on, `API_WORKERS`) to the owning query
 * shard in `make cluster`'s topology: 3 shards, each service its own process, PostgreSQL and Redis
 * of the cluster's own. The devnet's seed tokens are asked for in turn; after a warm-up every
 * answer should come from the shards' memory. The ingest, jobs and simulator are stopped before
 * measuring so that PostgreSQL's transaction count (pg_stat_database) moves only for the
 * router and the shards: it is read over an idle period and over the load, both printed.
 * Env: BENCH_DURATION_S (default 10), BENCH_CONNECTIONS (default 32), API_WORKERS (default 2).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createPgPool } from "@tapeline/core";
import type pg from "pg";
import { startCluster } from "../scripts/cluster/startCluster.ts";
import { loadGenerators, runLoad } from "./runLoad.ts";

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const API_WORKERS = Number(process.env.API_WORKERS ?? 2);

async function transactions(pool: pg.Pool): Promise<number> {
  // stats are flushed by backends at most once a second and on idle; a fresh snapshot each read
  const r = await pool.query<{ n: string }>(
    "select xact_commit + xact_rollback as n from pg_stat_database where datname = current_database()",
  );
  return Number(r.rows[0]?.n ?? 0);
}

const dir = mkdtempSync(path.join(tmpdir(), "tl-bench-cluster-"));
const cluster = await startCluster({
  shards: 3,
  apiWorkers: API_WORKERS,
  database: "postgres",
  redis: "own",
  dir,
  logLevel: "warn",
});
const pool = createPgPool({ url: cluster.database.url, max: 1 });
try {
  await cluster.simulator.stop();
  await Promise.all([cluster.ingest.kill("SIGTERM"), cluster.jobs.kill("SIGTERM")]);
  const tokens = cluster.chain.deployment.tokens.map((t) => t.address);
  const paths = tokens.map((a) => `/v1/token?chain=evm:${cluster.chain.deployment.chainId}&address=${a}`);
  const headers = { authorization: cluster.apiKey };
  for (const p of paths) {
    const res = await fetch(`${cluster.url}${p}`, { headers });
    if (res.status !== 200) throw new Error(`${p} answered ${res.status}: ${await res.text()}`);
  }
  for (const tool of await loadGenerators()) {
    await runLoad(tool, { url: cluster.url, paths, headers, connections: CONNECTIONS, durationS: 3 });
    await new Promise((r) => setTimeout(r, 1500));
    const idle0 = await transactions(pool);
    await new Promise((r) => setTimeout(r, DURATION_S * 1000));
    const idle1 = await transactions(pool);
    const r = await runLoad(tool, {
      url: cluster.url,
      paths,
      headers,
      connections: CONNECTIONS,
      durationS: DURATION_S,
    });
    await new Promise((r) => setTimeout(r, 1500));
    const loaded = (await transactions(pool)) - idle1;
    console.log(
      `${tool}: GET /v1/token via router (${API_WORKERS} workers) → 3 shards, ${CONNECTIONS} connections, ${DURATION_S} s: ` +
        `${r.requestsPerS.toFixed(0)} req/s, p50 ${r.p50} ms, p90 ${r.p90} ms, p99 ${r.p99} ms, max ${r.max} ms, ` +
        `non-2xx ${r.non2xx}, errors ${r.errors}; Postgres transactions: ${loaded} during the load and 1.5 s after ` +
        `(${r.total} requests), ${idle1 - idle0} over ${DURATION_S} s idle`,
    );
  }
} finally {
  await pool.end();
  await cluster.stop();
  rmSync(dir, { recursive: true, force: true });
}
