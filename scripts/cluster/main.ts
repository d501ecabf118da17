import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { ConfigError, createEnvReader } from "@tapeline/core";
import { findCitus } from "@tapeline/core/testing";
import { startCluster } from "./startCluster.ts";

/**
 * `make cluster`: the production topology on this machine until Ctrl-C. `CLUSTER_SHARDS` (3)
 * query shards, the router on 127.0.0.1:`PORT` (8080) with `API_WORKERS` (2), the EVM ingest
 * worker following anvil with the market simulator, the jobs service. The store is Citus when the
 * extension is installed, else PostgreSQL (`CLUSTER_DATABASE` chooses); Redis is `REDIS_URL`
 * (127.0.0.1:6379) under a prefix of the cluster's, or `CLUSTER_REDIS=own` for a `redis-server`
 * of its own. Every process logs to `<dir>/logs/<name>.log`.
 */
async function main(): Promise<void> {
  const r = createEnvReader(process.env);
  const shards = r.int("CLUSTER_SHARDS", 3, 1, 32);
  const apiWorkers = r.int("API_WORKERS", 2, 1, 64);
  const port = r.int("PORT", 8080, 1, 65535);
  const database = r.oneOf(
    "CLUSTER_DATABASE",
    ["postgres", "citus"] as const,
    findCitus()?.installed ? "citus" : "postgres",
  );
  const ownRedis = r.oneOf("CLUSTER_REDIS", ["shared", "own"] as const, "shared") === "own";
  const redisUrl = r.string("REDIS_URL", "redis://127.0.0.1:6379");
  const logLevel = r.string("LOG_LEVEL", "info");
  r.done();

  const dir = mkdtempSync(path.join(tmpdir(), "tapeline-cluster-"));
  process.stdout.write(`starting ${shards} shards on ${database}; logs in ${dir}/logs\n`);
  const cluster = await startCluster({
    shards,
    apiWorkers,
    port,
    database,
    redis: ownRedis ? "own" : { url: redisUrl },
    dir,
    logs: true,
    logLevel,
  });
  process.stdout.write(
    `\nTapeline cluster serving ${cluster.url} (shard map version ${cluster.shardMap().version}, ${shards} shards)\n` +
      `  API key (Authorization header): ${cluster.apiKey}\n` +
      `  try: curl -H 'Authorization: ${cluster.apiKey}' ${cluster.url}/v1/meta/chains\n` +
      `  router ${cluster.router.url}, ingest ${cluster.ingest.url}/readyz, jobs ${cluster.jobs.url}/readyz, anvil ${cluster.chain.rpcUrl}\n\n`,
  );
  let stopping = false;
  const stop = () => {
    if (stopping) process.exit(1);
    stopping = true;
    process.stdout.write("stopping the cluster\n");
    void cluster.stop().then(() => process.exit(0));
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

main().catch((err) => {
  process.stderr.write(`cluster: ${err instanceof ConfigError ? err.message : (err as Error).stack}\n`);
  process.exit(1);
});
