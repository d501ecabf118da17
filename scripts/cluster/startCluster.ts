import { execFile } from "node:child_process";
import { chmodSync, mkdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import {
  createPgPool,
  freePort,
  ROUTER_NODE_OPTIONS,
  SERVING_NODE_OPTIONS,
  type ShardMap,
} from "@tapeline/core";
import {
  createDevnetClient,
  createMarketSimulator,
  type DevnetClient,
  type DevnetDeployment,
  deployUniswap,
  devnetEvmConfig,
  type MarketSimulator,
  startAnvil,
} from "@tapeline/ingest/devnet";
import { Redis } from "ioredis";
import { mappedShardIndices, nextShardMap } from "../../operator/src/shardset/nextShardMap.ts";
import { shardName } from "../../operator/src/shardset/shardNames.ts";
import { createAccountService } from "../../services/api/src/billing/createAccountService.ts";
import { createBillingStore } from "../../services/api/src/billing/createBillingStore.ts";
import { loadBillingConfig } from "../../services/api/src/billing/loadBillingConfig.ts";
import { REPO_ROOT, type ServiceProcess, spawnService } from "./spawnService.ts";
import { type ClusterDatabase, startClusterDatabase } from "./startClusterDatabase.ts";
import { type ClusterRedis, ownRedis, sharedRedis } from "./startClusterRedis.ts";

const run = promisify(execFile);

export type ClusterOptions = {
  /** Query shard processes at start. */
  shards: number;
  /** `API_WORKERS` of the router. */
  apiWorkers: number;
  /** The router's port on 127.0.0.1; a free one when absent. */
  port?: number;
  /** PostgreSQL from the embedded binaries, or a Citus coordinator with two workers. */
  database: "postgres" | "citus";
  /** The machine's Redis (keys under a prefix of this cluster's), or a `redis-server` of its own. */
  redis: { url: string } | "own";
  /** Working directory: the shard map, the store's data, the logs (under `logs/` when `logs` is set). */
  dir: string;
  /** Write each process's output to `<dir>/logs/<name>.log`. */
  logs?: boolean;
  /** `LOG_LEVEL` of every process. @defaultValue "info" */
  logLevel?: string;
  /** Milliseconds between market simulator steps. @defaultValue 250 */
  paceMs?: number;
  /**
   * Raise the bounds that turn a stalled shard, database or Redis call into a 503 (1 s and below
   * by default) to 10 s: on a machine with far fewer CPUs than processes a healthy call can take
   * longer than the production bounds, and a timed-out call would be a failure the check did not cause.
   */
  patientTimeouts?: boolean;
  /** Node options of the router and the query shards (e.g. `--cpu-prof`, `--cpu-prof-dir=...` to profile them). */
  nodeArgs?: string[];
  /** How long each service may take to answer `/readyz` at start. @defaultValue 180000 */
  readyTimeoutMs?: number;
};

/** The running cluster and the handles to disturb it. */
export type Cluster = {
  /** The router's base URL. */
  url: string;
  /** An API key of an active account with credits (sent as the raw Authorization value). */
  apiKey: string;
  database: ClusterDatabase;
  redis: ClusterRedis;
  chain: { rpcUrl: string; client: DevnetClient; deployment: DevnetDeployment };
  simulator: MarketSimulator;
  router: ServiceProcess;
  ingest: ServiceProcess;
  jobs: ServiceProcess;
  /** Query shard `index`'s process (retired shards are gone once drained). */
  shard(index: number): ServiceProcess;
  /** The shard map as last written. */
  shardMap(): ShardMap;
  /**
   * Runs `replicas` query shards the way the operator does: new shards start and join the map
   * once ready (a new map version); shards past `replicas` leave the map and stop after the drain
   * period, so routers still on the old map reach them meanwhile.
   * @returns the map that took effect.
   */
  scale(replicas: number): Promise<ShardMap>;
  /** Stops every process and removes the store's data. */
  stop(): Promise<void>;
};

const SHARD_SET = "cluster";
const PARTITIONS = 4096;
/** How often the router re-reads the shard map; a retired shard runs for three of these. */
const MAP_POLL_MS = 500;
const DRAIN_MS = 3 * MAP_POLL_MS;

/**
 * Starts the cluster topology on this machine, every service a process of its own started
 * through its container's entry point: the store, the migrations Job, anvil with the devnet
 * contracts and the market simulator, N query shards, the router with `API_WORKERS` and the
 * billing gate, the EVM ingest worker and the jobs service. On failure what started is stopped.
 */
export async function startCluster(opts: ClusterOptions): Promise<Cluster> {
  mkdirSync(opts.dir, { recursive: true });
  // As root PostgreSQL runs as the user postgres, which must be able to enter the directory.
  chmodSync(opts.dir, 0o755);
  const logDir = path.join(opts.dir, "logs");
  if (opts.logs) mkdirSync(logDir, { recursive: true });
  const logFile = (name: string) => (opts.logs ? { logFile: path.join(logDir, `${name}.log`) } : {});
  const logLevel = opts.logLevel ?? "info";
  const stops: (() => Promise<void>)[] = [];
  const stopAll = async () => {
    for (const stop of stops.reverse()) await stop().catch(() => {});
    stops.length = 0;
  };

  try {
    const prefix = `tl:cluster:${path.basename(opts.dir)}:`;
    const billingEnv = {
      BILLING_REDIS_PREFIX: `${prefix}billing:`,
      // The account's own limits stand for a paying customer's; the checks drive a steady load.
      RATE_LIMIT_PER_MINUTE: "10000000",
      RATE_LIMIT_BURST_PER_SECOND: "1000000",
      RATE_LIMIT_GROUP_CAPS: "wallet=1000000",
    };
    // The store (with the operator's migrations Job and an account) and the chain come up side by side.
    const [{ database, redis, apiKey }, { anvil, client, deployment }] = await Promise.all([
      (async () => {
        const [database, redis] = await Promise.all([
          startClusterDatabase({ kind: opts.database, dir: opts.dir }),
          opts.redis === "own"
            ? ownRedis({ dir: opts.dir, prefix })
            : Promise.resolve(sharedRedis(opts.redis.url, prefix)),
        ]);
        stops.push(() =>
          database
            .stop()
            .then(() => rmSync(path.join(opts.dir, "postgres"), { recursive: true, force: true })),
        );
        stops.push(() =>
          redis.stop().then(() => rmSync(path.join(opts.dir, "redis"), { recursive: true, force: true })),
        );
        await run(process.execPath, ["--import", "tsx", "operator/src/runMigrations.ts"], {
          cwd: REPO_ROOT,
          env: { PATH: process.env.PATH ?? "", LOG_LEVEL: "warn", DATABASE_URL: database.url },
        });
        const apiKey = await createApiKey(database.url, redis.url, billingEnv);
        return { database, redis, apiKey };
      })(),
      (async () => {
        const anvil = await startAnvil();
        stops.push(() => anvil.stop());
        const client = createDevnetClient({ rpcUrl: anvil.rpcUrl, chainId: anvil.chainId });
        return { anvil, client, deployment: await deployUniswap(client) };
      })(),
    ]);
    const common = { LOG_LEVEL: logLevel, SHUTDOWN_GRACE_MS: "2000" };
    const patient: Record<string, string> = opts.patientTimeouts
      ? {
          SHARD_TIMEOUT_MS: "10000",
          PG_STATEMENT_TIMEOUT_MS: "10000",
          PG_CONNECT_TIMEOUT_MS: "10000",
          REDIS_COMMAND_TIMEOUT_MS: "10000",
          REDIS_CONNECT_TIMEOUT_MS: "10000",
          BILLING_PG_STATEMENT_TIMEOUT_MS: "10000",
          BILLING_PG_CONNECT_TIMEOUT_MS: "10000",
        }
      : {};
    const served = {
      ...(opts.nodeArgs ? { nodeArgs: opts.nodeArgs } : {}),
      ...(opts.readyTimeoutMs ? { readyTimeoutMs: opts.readyTimeoutMs } : {}),
    };

    const mapPath = path.join(opts.dir, "shardmap.json");
    let map: ShardMap | null = null;
    const shards = new Map<number, ServiceProcess>();
    const writeMap = (next: ShardMap) => {
      // Written whole and renamed over, as a ConfigMap volume swaps its files.
      const tmp = `${mapPath}.${next.version}.tmp`;
      writeFileSync(tmp, JSON.stringify(next));
      renameSync(tmp, mapPath);
      map = next;
    };
    const addShard = async (index: number) => {
      const name = shardName(index);
      const proc = spawnService({
        name,
        entry: "services/query/src/index.ts",
        port: await freePort(),
        env: {
          ...common,
          ...patient,
          HOST: "127.0.0.1",
          DATABASE_URL: database.url,
          PG_POOL_MAX: "4",
          SHARD_NAME: name,
          SHARD_SET: SHARD_SET,
          // the market event bus and the map that says which keys are the shard's
          REDIS_URL: redis.url,
          BUS_PREFIX: `${prefix}bus:`,
          SHARD_MAP_PATH: mapPath,
          SHARD_MAP_POLL_MS: String(MAP_POLL_MS),
          // as the query image sets it
          NODE_OPTIONS: SERVING_NODE_OPTIONS,
        },
        ...logFile(name),
        ...served,
      });
      shards.set(index, proc);
      return proc;
    };
    stops.push(async () => {
      await Promise.all([...shards.values()].map((s) => s.kill("SIGTERM")));
    });
    const publish = (replicas: number) => {
      const mapped = mappedShardIndices({
        replicas,
        liveMap: map,
        available: (i) => (shards.get(i)?.pid ?? null) !== null,
      });
      const next = nextShardMap({
        liveMap: map,
        shards: mapped.map((i) => ({ name: shardName(i), url: (shards.get(i) as ServiceProcess).url })),
        partitions: PARTITIONS,
      });
      if (next.version !== map?.version) writeMap(next);
      return next;
    };

    // A first map lists every wanted shard; every process then starts at once.
    const first = await Promise.all(Array.from({ length: opts.shards }, (_, i) => addShard(i)));
    publish(opts.shards);

    const redisEnv = { REDIS_URL: redis.url, BULL_PREFIX: `${prefix}bull` };
    const router = spawnService({
      name: "router",
      entry: "services/api/src/index.ts",
      port: opts.port ?? (await freePort()),
      env: {
        ...common,
        ...patient,
        ...billingEnv,
        HOST: "127.0.0.1",
        API_WORKERS: String(opts.apiWorkers),
        SHARD_MAP_PATH: mapPath,
        SHARD_MAP_POLL_MS: String(MAP_POLL_MS),
        BILLING_ENABLED: "true",
        REDIS_URL: redis.url,
        DATABASE_URL: database.url,
        // as the api image sets it
        NODE_OPTIONS: ROUTER_NODE_OPTIONS,
      },
      ...logFile("router"),
      ...served,
    });
    const evm = devnetEvmConfig(deployment, [{ url: anvil.rpcUrl }]);
    const ingest = spawnService({
      name: "ingest",
      entry: "services/ingest/src/index.ts",
      port: await freePort(),
      // what the operator's ingest Deployment sets, plus the devnet's factories and tokens
      env: {
        ...common,
        ...redisEnv,
        CHAIN_ID: `evm:${anvil.chainId}`,
        CHAIN_NAME: "devnet",
        FINALITY_DEPTH: "64",
        VENUES: "UNISWAP_V2,UNISWAP_V3,UNISWAP_V4",
        START_BLOCK: deployment.startBlock.toString(),
        RPC_URL_COUNT: "1",
        RPC_URL_0: anvil.rpcUrl,
        RPC_WS_URL: anvil.wsUrl,
        DATABASE_URL: database.url,
        BUS_PREFIX: `${prefix}bus:`,
        WRAPPED_NATIVE: deployment.weth,
        STABLECOINS: deployment.usdc,
        EXTRA_FACTORIES: JSON.stringify(evm.factories),
        POLL_INTERVAL_MS: "200",
        HOST: "127.0.0.1",
      },
      ...logFile("ingest"),
      ...(opts.readyTimeoutMs ? { readyTimeoutMs: opts.readyTimeoutMs } : {}),
    });
    const jobs = spawnService({
      name: "jobs",
      entry: "services/jobs/src/index.ts",
      port: await freePort(),
      env: { ...common, ...redisEnv, DATABASE_URL: database.url, HOST: "127.0.0.1" },
      ...logFile("jobs"),
      ...(opts.readyTimeoutMs ? { readyTimeoutMs: opts.readyTimeoutMs } : {}),
    });
    for (const proc of [router, ingest, jobs]) stops.push(() => proc.kill("SIGTERM"));
    await Promise.all([...first, router, ingest, jobs].map((proc) => proc.start()));

    const simulator = createMarketSimulator({
      client,
      deployment,
      seed: 1,
      wallets: 12,
      paceMs: opts.paceMs ?? 250,
    });
    simulator.start();
    stops.push(() => simulator.stop());

    return {
      url: router.url,
      apiKey,
      database,
      redis,
      chain: { rpcUrl: anvil.rpcUrl, client, deployment },
      simulator,
      router,
      ingest,
      jobs,
      shard(index) {
        const proc = shards.get(index);
        if (!proc) throw new Error(`no shard ${index}`);
        return proc;
      },
      shardMap() {
        if (!map) throw new Error("no shard map written yet");
        return map;
      },
      async scale(replicas) {
        const adding = Array.from({ length: replicas }, (_, i) => i).filter((i) => !shards.has(i));
        await Promise.all(adding.map(async (i) => (await addShard(i)).start()));
        const next = publish(replicas);
        const retired = [...shards.keys()].filter((i) => i >= replicas);
        if (retired.length > 0) {
          await new Promise((r) => setTimeout(r, DRAIN_MS));
          await Promise.all(
            retired.map(async (i) => {
              await shards.get(i)?.kill("SIGTERM");
              shards.delete(i);
            }),
          );
        }
        return next;
      },
      stop: stopAll,
    };
  } catch (err) {
    await stopAll();
    throw err;
  }
}

/** An active account with credits and one key, made the way the admin CLI makes them. */
async function createApiKey(
  databaseUrl: string,
  redisUrl: string,
  env: Record<string, string>,
): Promise<string> {
  const pg = createPgPool({ url: databaseUrl, max: 2, applicationName: "tapeline-admin" });
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 2 });
  try {
    const store = createBillingStore({ redis, pg, config: loadBillingConfig(env) });
    const accounts = createAccountService({ pg, store });
    const account = await accounts.createAccount({
      email: "cluster@localhost",
      name: "cluster",
      state: "active",
    });
    await accounts.grantCredits(account.id, 1_000_000_000, "make cluster");
    return (await accounts.createKey(account.id, "cluster")).secret;
  } finally {
    redis.disconnect();
    await pg.end();
  }
}
