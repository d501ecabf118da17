import {
  BACKFILL_QUEUE,
  type ChainId,
  type Context,
  createBullQueue,
  createEnvReader,
  createPgPool,
  createRedisBus,
  createRedisCache,
  isMainModule,
  type Job,
  type JobQueue,
  NonRetryableJobError,
  parseChainId,
  runService,
  serveHttp,
} from "@tapeline/core";
import type pg from "pg";
import { createDrainQueue } from "./backfill/createDrainQueue.ts";
import { createJobsHttpHandler } from "./createJobsHttpHandler.ts";
import { METADATA_QUEUE, MetadataJobs } from "./metadata/processors.ts";
import type { MetadataRefreshOptions } from "./metadata/refreshTokenMetadata.ts";

export * from "./processors.ts";
export * from "./screener/createUniverseRefresher.ts";
export * from "./screener/startScreenerUniverse.ts";
export * from "./screener/universeChains.ts";

import { mergeProcessors, processorGroups } from "./processors.ts";
import type { UniverseRefresher } from "./screener/createUniverseRefresher.ts";
import { startScreenerUniverse } from "./screener/startScreenerUniverse.ts";
import { universeChains } from "./screener/universeChains.ts";
import { TRADER_QUEUE, TraderJobs } from "./traders/processors.ts";

/**
 * What a job processor gets besides its job: the context, the queue (to enqueue follow-ups),
 * Postgres, and `drainQueue` (removes a queue's waiting and delayed jobs; with BullMQ only).
 */
export type JobDeps = {
  ctx: Context;
  queue: JobQueue;
  pool: pg.Pool | null;
  drainQueue?: (queue: string) => Promise<number>;
  /** the screener universe's hot stats and refresh, where this process computes universes */
  screener?: UniverseRefresher;
  /** how the metadata job fetches documents, where it is scheduled (METADATA_EVERY_MS) */
  metadata?: MetadataRefreshOptions;
};

/**
 * Processes one job. Jobs are idempotent (keyed by their id, e.g. chain and block range); an
 * error is retried with backoff unless it says `retryable: false` (a NonRetryableJobError or any
 * TapelineError built so), which fails the job at once.
 */
export type JobProcessor = (job: Job<unknown>, deps: JobDeps) => Promise<unknown>;

/** Processors by job name. */
export type ProcessorMap = Record<string, JobProcessor>;

/**
 * Starts one worker on `queueName` that dispatches each job to the processor of its name. A job
 * whose name has no processor fails at once (it would fail the same way on every retry).
 * @returns a handle whose `close` waits for the running jobs and stops taking new ones.
 */
export async function startJobsWorker(opts: {
  queue: JobQueue;
  queueName: string;
  processors: ProcessorMap;
  deps: JobDeps;
  concurrency?: number;
}): Promise<{ close(): Promise<void> }> {
  const logger = opts.deps.ctx.logger.child({ component: "jobs", queue: opts.queueName });
  return opts.queue.process(
    opts.queueName,
    async (job) => {
      const processor = opts.processors[job.name];
      if (!processor) throw new NonRetryableJobError(`no processor for job ${job.name}`);
      const started = Date.now();
      const result = await processor(job, opts.deps);
      logger.info(
        { job: job.id, name: job.name, attempt: job.attempts, ms: Date.now() - started },
        "job done",
      );
      return result;
    },
    { concurrency: opts.concurrency ?? 4 },
  );
}

/** The jobs service's configuration. */
export type JobsConfig = {
  /** `REDIS_URL`, required: BullMQ's Redis. */
  redisUrl: string;
  /** `BULL_PREFIX`, default `tl:bull`: prefix of BullMQ's keys (must match the producers'). */
  bullPrefix: string;
  /**
   * `JOBS_QUEUES` (csv), default `jobs,backfill`: the queues this worker takes jobs from; `backfill`
   * is where the operator enqueues `backfill-chain` and `cancel-backfill`.
   */
  queueNames: string[];
  /** `JOBS_CONCURRENCY`, default 4: jobs run at once by this process. */
  concurrency: number;
  /** `DATABASE_URL`, optional: Postgres for processors that write the store. */
  databaseUrl: string | undefined;
  /** `HOST`, default `0.0.0.0`, and `PORT`, default 8080: /healthz, /readyz and /metrics. */
  host: string;
  port: number;
  /**
   * `SCREENER_CHAINS` (csv of chain ids), default none: chains whose screener universe this
   * process keeps hot and refreshes (needs `DATABASE_URL`). Every jobs replica naming a chain
   * follows its trades; the repeatable run goes to whichever replica takes it.
   */
  screenerChains: ChainId[];
  /** `SCREENER_REFRESH_MS`, default 5000: period of each chain's universe run. */
  screenerRefreshMs: number;
  /** `BUS_PREFIX`, default `tl:bus:`: stream keys of the bus the ingest publishes trades on. */
  busPrefix: string;
  /** `CACHE_PREFIX`, default `tl:cache:`: keys of the cache holding universe snapshots (the router reads them). */
  cachePrefix: string;
  /**
   * `WALLET_BADGE_CHAINS` (csv of chain ids), default none: chains whose wallet badges are
   * recomputed on a schedule (needs `DATABASE_URL`); the run goes to whichever replica takes it.
   */
  walletBadgeChains: ChainId[];
  /** `WALLET_BADGE_EVERY_MS`, default 3600000 (an hour): period of each chain's badge run. */
  walletBadgeEveryMs: number;
  /**
   * `TRADER_WINDOWS_EVERY_MS`, default 60000 with `DATABASE_URL` (0: off): period of the slide of
   * the 1h, 4h, 1d, 7d and 30d trader window rows. Rankings stay exact whatever the period (the read
   * subtracts what a late slide left), but are fastest when a slide ran in the current minute.
   */
  traderWindowsEveryMs: number;
  /**
   * `METADATA_EVERY_MS`, default 0 (off): period of the token metadata run (needs
   * `DATABASE_URL`). Each run fetches up to `METADATA_BATCH` (200) documents that are new,
   * changed, due after `METADATA_REFRESH_MS` (a day) or failed `METADATA_RETRY_MS` (an hour) ago,
   * through `METADATA_IPFS_GATEWAYS` (csv, default https://ipfs.io) and
   * `METADATA_ARWEAVE_GATEWAYS` (csv, default https://arweave.net), each fetch bounded by
   * `METADATA_TIMEOUT_MS` (5000) and `METADATA_MAX_BYTES` (262144).
   */
  metadataEveryMs: number;
  metadata: Omit<MetadataRefreshOptions, "dexPaid">;
};

/**
 * Reads the jobs service's configuration.
 * @throws ConfigError listing every problem.
 */
export function loadJobsConfig(env: Record<string, string | undefined> = process.env): JobsConfig {
  const r = createEnvReader(env);
  const config: JobsConfig = {
    redisUrl: r.string("REDIS_URL"),
    bullPrefix: r.string("BULL_PREFIX", "tl:bull"),
    queueNames: r
      .string("JOBS_QUEUES", `jobs,${BACKFILL_QUEUE}`)
      .split(",")
      .map((q) => q.trim())
      .filter(Boolean),
    concurrency: r.int("JOBS_CONCURRENCY", 4, 1, 256),
    databaseUrl: r.optional("DATABASE_URL"),
    host: r.string("HOST", "0.0.0.0"),
    port: r.int("PORT", 8080, 1, 65_535),
    screenerChains: [],
    screenerRefreshMs: r.int("SCREENER_REFRESH_MS", 5_000, 100, 600_000),
    busPrefix: r.string("BUS_PREFIX", "tl:bus:"),
    cachePrefix: r.string("CACHE_PREFIX", "tl:cache:"),
    walletBadgeChains: [],
    walletBadgeEveryMs: r.int("WALLET_BADGE_EVERY_MS", 3_600_000, 10_000, 7 * 86_400_000),
    traderWindowsEveryMs: r.int("TRADER_WINDOWS_EVERY_MS", env.DATABASE_URL ? 60_000 : 0, 0, 86_400_000),
    metadataEveryMs: r.int("METADATA_EVERY_MS", 0, 0, 86_400_000),
    metadata: {
      gateways: {
        ipfs: httpsList(
          r.string("METADATA_IPFS_GATEWAYS", "https://ipfs.io"),
          "METADATA_IPFS_GATEWAYS",
          r.problems,
        ),
        arweave: httpsList(
          r.string("METADATA_ARWEAVE_GATEWAYS", "https://arweave.net"),
          "METADATA_ARWEAVE_GATEWAYS",
          r.problems,
        ),
      },
      fetch: {
        timeoutMs: r.int("METADATA_TIMEOUT_MS", 5_000, 100, 60_000),
        maxBytes: r.int("METADATA_MAX_BYTES", 262_144, 1_024, 16 * 1024 * 1024),
      },
      refreshMs: r.int("METADATA_REFRESH_MS", 86_400_000, 60_000, 30 * 86_400_000),
      retryMs: r.int("METADATA_RETRY_MS", 3_600_000, 10_000, 30 * 86_400_000),
      limit: r.int("METADATA_BATCH", 200, 1, 10_000),
    },
  };
  if (config.metadataEveryMs > 0 && config.metadataEveryMs < 1_000)
    r.problems.push("METADATA_EVERY_MS must be 0 (off) or at least 1000");
  if (config.metadataEveryMs > 0 && !config.databaseUrl)
    r.problems.push("METADATA_EVERY_MS needs DATABASE_URL");
  for (const c of r
    .string("WALLET_BADGE_CHAINS", "")
    .split(",")
    .map((x) => x.trim())
    .filter(Boolean)) {
    try {
      config.walletBadgeChains.push(parseChainId(c, "WALLET_BADGE_CHAINS"));
    } catch {
      r.problems.push(`WALLET_BADGE_CHAINS: ${c} is not a chain id`);
    }
  }
  if (config.traderWindowsEveryMs > 0 && config.traderWindowsEveryMs < 1_000)
    r.problems.push("TRADER_WINDOWS_EVERY_MS must be 0 (off) or at least 1000");
  if (config.traderWindowsEveryMs > 0 && !config.databaseUrl)
    r.problems.push("TRADER_WINDOWS_EVERY_MS needs DATABASE_URL");
  if (config.walletBadgeChains.length > 0 && !config.databaseUrl) {
    r.problems.push("WALLET_BADGE_CHAINS needs DATABASE_URL");
  }
  for (const c of r
    .string("SCREENER_CHAINS", "")
    .split(",")
    .map((x) => x.trim())
    .filter(Boolean)) {
    try {
      config.screenerChains.push(parseChainId(c, "SCREENER_CHAINS"));
    } catch {
      r.problems.push(`SCREENER_CHAINS: ${c} is not a chain id`);
    }
  }
  if (config.screenerChains.length > 0 && !config.databaseUrl) {
    r.problems.push("SCREENER_CHAINS needs DATABASE_URL");
  }
  for (const q of config.queueNames)
    if (q.includes(":")) r.problems.push(`JOBS_QUEUES: queue names cannot contain ":" (${q})`);
  if (config.redisUrl && !/^rediss?:\/\//.test(config.redisUrl))
    r.problems.push("REDIS_URL must be a redis:// URL");
  if (config.databaseUrl && !/^postgres(ql)?:\/\//.test(config.databaseUrl)) {
    r.problems.push("DATABASE_URL must be a postgres:// URL");
  }
  r.done();
  return config;
}

/**
 * The jobs process: a BullMQ worker per queue running the registered processors, /healthz,
 * /readyz and /metrics on PORT; SIGTERM stops taking jobs and lets the running ones finish.
 */
export async function startJobs(ctx: Context, env: Record<string, string | undefined> = process.env) {
  const config = loadJobsConfig(env);
  const processors = mergeProcessors(processorGroups);
  const pool = config.databaseUrl ? createPgPool({ url: config.databaseUrl, applicationName: "jobs" }) : null;
  if (pool) ctx.shutdown.add("postgres", () => pool.end());
  const queue = createBullQueue({ url: config.redisUrl, prefix: config.bullPrefix, logger: ctx.logger });
  ctx.shutdown.add("queue", () => queue.close());
  const drain = createDrainQueue({ url: config.redisUrl, prefix: config.bullPrefix });
  ctx.shutdown.add("drain connection", () => drain.close());
  await serveHttp(createJobsHttpHandler(ctx), { host: config.host, port: config.port, ctx, name: "http" });
  let screener: UniverseRefresher | undefined;
  if (pool && config.screenerChains.length > 0) {
    const bus = createRedisBus({ url: config.redisUrl, prefix: config.busPrefix, logger: ctx.logger });
    ctx.shutdown.add("bus", () => bus.close());
    const cache = createRedisCache({ url: config.redisUrl, prefix: config.cachePrefix });
    ctx.shutdown.add("cache", () => cache.close());
    const started = await startScreenerUniverse({
      ctx,
      pool,
      bus,
      cache,
      queue,
      chains: universeChains(config.screenerChains),
      everyMs: config.screenerRefreshMs,
    });
    ctx.shutdown.add("screener universe", started.stop);
    screener = started.refresher;
  }
  for (const chain of config.walletBadgeChains) {
    await queue.repeat(
      TRADER_QUEUE,
      TraderJobs.walletBadges,
      { chain },
      { key: `${TraderJobs.walletBadges}:${chain}`, everyMs: config.walletBadgeEveryMs },
    );
  }
  if (config.traderWindowsEveryMs > 0) {
    await queue.repeat(
      TRADER_QUEUE,
      TraderJobs.traderWindows,
      {},
      { key: TraderJobs.traderWindows, everyMs: config.traderWindowsEveryMs },
    );
  }
  if (config.metadataEveryMs > 0) {
    await queue.repeat(
      METADATA_QUEUE,
      MetadataJobs.refresh,
      {},
      { key: MetadataJobs.refresh, everyMs: config.metadataEveryMs },
    );
  }
  // no dex-paid provider ships: a deployment wires its own here (see metadata/DexPaidProvider.ts)
  const metadata = config.metadataEveryMs > 0 ? { ...config.metadata, dexPaid: null } : undefined;
  for (const queueName of config.queueNames) {
    const worker = await startJobsWorker({
      queue,
      queueName,
      processors,
      deps: {
        ctx,
        queue,
        pool,
        drainQueue: drain.drainQueue,
        ...(screener ? { screener } : {}),
        ...(metadata ? { metadata } : {}),
      },
      concurrency: config.concurrency,
    });
    ctx.shutdown.add(`worker ${queueName}`, () => worker.close());
  }
  ctx.logger.info({ queues: config.queueNames, jobs: Object.keys(processors) }, "jobs worker ready");
}

if (isMainModule(import.meta.url)) void runService("jobs", (ctx) => startJobs(ctx));

/** A csv of https base URLs (gateways); problems are pushed to `problems`. */
function httpsList(value: string, name: string, problems: string[]): string[] {
  const out: string[] = [];
  for (const part of value
    .split(",")
    .map((x) => x.trim())
    .filter(Boolean)) {
    try {
      if (new URL(part).protocol === "https:") {
        out.push(part);
        continue;
      }
    } catch {
      // reported below
    }
    problems.push(`${name}: ${part} is not an https URL`);
  }
  return out;
}
