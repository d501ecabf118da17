import {
  type Context,
  createPgPool,
  createRedisBus,
  isMainModule,
  runService,
  serveHttp,
} from "@tapeline/core";
import { createQueryService } from "./createQueryService.ts";
import { createRpcApp } from "./createRpcApp.ts";
import { type MarketEventFeedHandle, startMarketEventFeed } from "./hot/startMarketEventFeed.ts";
import { loadQueryConfig } from "./loadQueryConfig.ts";
import { queryProviders } from "./queryProviders.ts";

export * from "./createMetaQueries.ts";
export * from "./createQueryService.ts";
export * from "./createRpcApp.ts";
export * from "./loadQueryConfig.ts";
export * from "./QueryProvider.ts";
export * from "./queryProviders.ts";

/** A query pod: the shard's QueryApi over Postgres, served as `POST /rpc/<method>`. */
export async function startQueryPod(ctx: Context, env: Record<string, string | undefined> = process.env) {
  const config = loadQueryConfig(env);
  const pool = createPgPool({
    url: config.databaseUrl,
    max: config.pgPoolMax,
    statementTimeoutMs: config.pgStatementTimeoutMs,
    connectTimeoutMs: config.pgConnectTimeoutMs,
    applicationName: config.shardSet ? `${config.shardSet}/${config.shardName}` : config.shardName,
  });
  ctx.shutdown.add("postgres", () => pool.end());
  let events: MarketEventFeedHandle | undefined;
  if (config.redisUrl) {
    const bus = createRedisBus({ url: config.redisUrl, prefix: config.busPrefix, logger: ctx.logger });
    ctx.shutdown.add("bus", () => bus.close());
    events = await startMarketEventFeed({
      bus,
      pool,
      ctx,
      shardName: config.shardName,
      mapPath: config.shardMapPath,
      pollMs: config.shardMapPollMs,
      hotTtlMs: config.hotTtlMs,
    });
    ctx.shutdown.add("market events", () => (events as MarketEventFeedHandle).close());
  }
  const service = await createQueryService({
    pool,
    ctx,
    providers: queryProviders,
    freshness: config.freshness,
    ...(events ? { events } : {}),
    holdingsNodes: config.holdingsNodes,
    funderTags: config.funderTags,
    lockers: config.lockers,
    ...(config.identityFile ? { identityFile: config.identityFile } : {}),
  });
  ctx.shutdown.add("query service", () => service.close());
  const app = createRpcApp({
    service,
    ctx,
    bodyLimitBytes: config.bodyLimitBytes,
    draining: ctx.shutdown.aborted,
  });
  await serveHttp(app, {
    host: config.host,
    port: config.port,
    ctx,
    name: "rpc",
    graceMs: config.shutdownGraceMs,
  });
  ctx.logger.info(
    {
      shard: config.shardName,
      shardSet: config.shardSet,
      methods: [...service.methods],
      ownedPartitions: events?.ownership().partitions ?? 0,
      chains: events?.chains() ?? [],
    },
    "query pod ready",
  );
}

if (isMainModule(import.meta.url)) void runService("query", (ctx) => startQueryPod(ctx));
