import {
  createApp,
  createEndpointLists,
  createInProcessShardClient,
  createStaticKeyGate,
  type EndpointDef,
  shardReadiness,
  startStreams,
} from "@tapeline/api";
import type { Bus, Cache, Context, JobQueue } from "@tapeline/core";
import { createMemoryCache, createPgPool, createUniverseStore, migrate, serveHttp } from "@tapeline/core";
import { createQueryService, type QueryProvider } from "@tapeline/query";
import type pg from "pg";
import { seedDevChains } from "./seedDevChains.ts";

/** What the dev stack's extra components (devnet, simulator, ingest, jobs) are started with. */
export type DevDeps = {
  ctx: Context;
  pool: pg.Pool;
  databaseUrl: string;
  bus: Bus | null;
  queue: JobQueue | null;
  /** the in-memory cache shared with the API (screener universe snapshots) */
  cache: Cache;
};

/**
 * A part of the dev stack started after the store and before the API: a local chain with its
 * market simulator, an ingest worker, a jobs worker. `start` returns what stops it.
 */
export type DevComponent = { name: string; start(deps: DevDeps): Promise<{ stop(): Promise<void> }> };

export type DevStackOptions = {
  ctx: Context;
  /** The Postgres to use (embedded or given), and how to stop it when the stack stops. */
  database: { url: string; stop?: () => Promise<void> };
  host: string;
  port: number;
  /** The API key the dev gate accepts. */
  apiKey: string;
  /** In-memory bus and queue, when the stack runs components that use them. */
  bus?: Bus | null;
  queue?: JobQueue | null;
  /** Started in order after migrations and seeding; stopped in reverse order. */
  components?: DevComponent[];
  /** Query providers (the market read API); the in-process query service merges them. */
  providers?: readonly QueryProvider[];
  /** Endpoint lists; default: every group of src/endpoints. */
  endpoints?: EndpointDef[][];
};

/**
 * Starts the single-process dev stack: migrates and seeds the store, starts the components,
 * serves the API backed by an in-process query service. Every part registers its stop on
 * `ctx.shutdown`, so running the shutdown leaves nothing behind.
 * @returns the bound API URL.
 */
export async function startDevStack(opts: DevStackOptions): Promise<{ url: string }> {
  const { ctx } = opts;
  const logger = ctx.logger;
  const stopDatabase = opts.database.stop;
  if (stopDatabase) ctx.shutdown.add("postgres", stopDatabase);
  const pool = createPgPool({
    url: opts.database.url,
    applicationName: "dev",
    onConnectionError: (err) => logger.warn({ err: err.message }, "postgres connection lost"),
  });
  ctx.shutdown.add("pg pool", () => pool.end());
  const applied = await migrate(pool);
  logger.info({ applied }, "migrations applied");
  await seedDevChains(pool);
  const bus = opts.bus ?? null;
  const queue = opts.queue ?? null;
  if (bus) ctx.shutdown.add("bus", () => bus.close());
  if (queue) ctx.shutdown.add("queue", () => queue.close());
  const cache = createMemoryCache();
  ctx.shutdown.add("cache", () => cache.close());

  for (const component of opts.components ?? []) {
    const started = await component.start({ ctx, pool, databaseUrl: opts.database.url, bus, queue, cache });
    ctx.shutdown.add(component.name, started.stop);
    logger.info({ component: component.name }, "component started");
  }

  const service = await createQueryService({
    pool,
    ctx,
    providers: opts.providers ?? [],
    ...(bus ? { bus } : {}),
  });
  ctx.shutdown.add("query service", () => service.close());
  const shards = createInProcessShardClient(service.api);
  const gate = createStaticKeyGate([opts.apiKey]);
  const universe = createUniverseStore(cache);
  const endpoints = opts.endpoints ?? createEndpointLists({ ctx, gate, universe });
  const app = createApp({
    endpoints,
    shards,
    gate,
    ctx,
    readiness: shardReadiness(shards, { draining: ctx.shutdown.aborted }),
  });
  const { port, server } = await serveHttp(app, {
    host: opts.host,
    port: opts.port,
    ctx,
    name: "api",
    graceMs: 5000,
  });
  if (bus) startStreams({ server, bus, shards, gate, ctx, universe });
  return { url: `http://${opts.host}:${port}` };
}
