import {
  ConfigError,
  type Context,
  createDependencyMonitor,
  createRedisBus,
  createRedisCache,
  createUniverseStore,
  type DependencyCheck,
  isMainModule,
  runService,
  serveHttp,
  type UniverseStore,
} from "@tapeline/core";
import { Redis } from "ioredis";
import { loadRouterConfig, routerWorkers } from "./config/loadRouterConfig.ts";
import { createApp } from "./createApp.ts";
import { createEndpointLists } from "./endpointLists.ts";
import { createGateFromConfig } from "./gates/createGateFromConfig.ts";
import { capConnectionsPerAddress } from "./http/capConnectionsPerAddress.ts";
import { dependencyReadiness } from "./http/dependencyReadiness.ts";
import { shardsCheck } from "./http/shardsCheck.ts";
import { createHttpShardClient } from "./shards/createHttpShardClient.ts";
import { startStreams } from "./streams/startStreams.ts";

export * from "./billing/BillingProvider.ts";
export * from "./billing/createBillingGate.ts";
export * from "./billing/createDemoGate.ts";
export * from "./billing/createLocalBillingProvider.ts";
export * from "./billing/loadBillingConfig.ts";
export * from "./config/loadRouterConfig.ts";
export * from "./createApp.ts";
export * from "./endpoint.ts";
export * from "./endpointLists.ts";
export * from "./endpoints/usage/createUsageEndpoints.ts";
export * from "./gate.ts";
export * from "./gates/createGateFromConfig.ts";
export * from "./gates/createStaticKeyGate.ts";
export * from "./gates/GatePlugin.ts";
export * from "./http/dependencyReadiness.ts";
export * from "./http/readiness.ts";
export * from "./http/shardReadiness.ts";
export * from "./http/shardsCheck.ts";
export * from "./openapi/buildOpenApi.ts";
export * from "./portal/mountPortal.ts";
export * from "./portal/portalMount.ts";
export * from "./shardClient.ts";
export * from "./shards/createHttpShardClient.ts";
export * from "./shards/createInProcessShardClient.ts";
export * from "./streams/startStreams.ts";

/**
 * The API router of a cluster: validates, gates and routes requests to the query shards named
 * by the shard map. It holds no database connection; Redis only for the gate.
 */
export async function startRouter(ctx: Context, env: Record<string, string | undefined> = process.env) {
  const config = await loadRouterConfig(env);
  let redis: Redis | null = null;
  if (config.gate && config.redisUrl) {
    // Bounded everywhere: a command that gets no answer fails after the command timeout, and
    // without an offline queue a command sent while disconnected fails at once instead of
    // piling up until Redis returns; reconnection goes on in the background.
    const client = new Redis(config.redisUrl, {
      lazyConnect: true,
      maxRetriesPerRequest: 1,
      commandTimeout: config.redisCommandTimeoutMs,
      connectTimeout: config.redisConnectTimeoutMs,
      enableOfflineQueue: false,
      retryStrategy: (attempt) => Math.min(100 * attempt, 1000),
    });
    redis = client;
    // Connection errors are reported once per outage (the monitor's dependency_up tells the rest);
    // without a listener ioredis would print every reconnection failure.
    let reported = false;
    client.on("error", (err: Error) => {
      if (!reported) ctx.logger.warn({ err }, "redis connection failed; reconnecting");
      reported = true;
    });
    client.on("ready", () => {
      reported = false;
    });
    ctx.shutdown.add("redis", async () => {
      await client.quit().catch(() => client.disconnect());
    });
    await client.connect();
  }
  const shards = await createHttpShardClient({
    mapPath: config.shardMapPath,
    ctx,
    pollMs: config.shardMapPollMs,
    timeoutMs: config.shardTimeoutMs,
  });
  ctx.shutdown.add("shard client", () => shards.close());
  const bundle = await createGateFromConfig(config.gate, { redis, ctx });
  if (bundle.close) ctx.shutdown.add("gate", bundle.close);
  // The screener reads the universe snapshots the jobs write to Redis (same CACHE_PREFIX default).
  let universe: UniverseStore | null = null;
  if (config.redisUrl) {
    const cache = createRedisCache({ url: config.redisUrl });
    ctx.shutdown.add("universe cache", () => cache.close());
    universe = createUniverseStore(cache);
  }
  const endpoints = [
    ...createEndpointLists({ ctx, gate: bundle.gate, universe }),
    ...(bundle.endpoints ?? []),
  ];
  const shardsDependency = shardsCheck(shards, ctx.metrics);
  const checks: DependencyCheck[] = [
    ...(redis ? [{ name: "redis", check: () => (redis as Redis).ping(), critical: true }] : []),
    ...(bundle.checks ?? []),
    shardsDependency,
  ];
  const monitor = createDependencyMonitor({
    checks,
    registry: ctx.metrics,
    intervalMs: config.readyCheckIntervalMs,
  });
  ctx.shutdown.add("dependency monitor", async () => monitor.close());
  await monitor.probe();
  const readiness = dependencyReadiness(monitor, shardsDependency, { draining: ctx.shutdown.aborted });
  const app = createApp({
    endpoints,
    shards,
    gate: bundle.gate,
    ctx,
    bodyLimitBytes: config.bodyLimitBytes,
    readiness,
    dependencies: monitor,
    trustProxy: config.trustProxyHops,
    ...(config.publicUrl ? { publicUrl: config.publicUrl } : {}),
    ...(bundle.mounts ? { mounts: bundle.mounts } : {}),
  });
  const api = await serveHttp(app, {
    host: config.host,
    port: config.port,
    ctx,
    name: "api",
    graceMs: config.shutdownGraceMs,
  });
  capConnectionsPerAddress(api.server, config.maxConnectionsPerAddress);
  if (config.redisUrl) {
    // Each worker process consumes the bus itself, so every connection sees every event.
    const bus = createRedisBus({
      url: config.redisUrl,
      prefix: config.busPrefix,
      logger: ctx.logger.child({ component: "bus" }),
    });
    ctx.shutdown.add("bus", () => bus.close());
    startStreams({
      server: api.server,
      bus,
      shards,
      gate: bundle.gate,
      ctx,
      limits: config.streams,
      universe,
    });
  }
  if (config.demoPort !== undefined) {
    if (!bundle.demoGate)
      throw new ConfigError(["DEMO_PORT is set but the gate plugin offers no demo listener"]);
    const demo = createApp({
      endpoints,
      shards,
      gate: bundle.demoGate,
      ctx,
      demoOnly: true,
      bodyLimitBytes: config.bodyLimitBytes,
      readiness,
      dependencies: monitor,
      trustProxy: config.trustProxyHops,
    });
    const served = await serveHttp(demo, {
      host: config.host,
      port: config.demoPort,
      ctx,
      name: "demo",
      graceMs: config.shutdownGraceMs,
    });
    capConnectionsPerAddress(served.server, config.maxConnectionsPerAddress);
  }
  ctx.logger.info(
    { shards: shards.map.shards.length, mapVersion: shards.map.version, endpoints: endpoints.flat().length },
    "router ready",
  );
}

if (isMainModule(import.meta.url)) {
  try {
    void runService("api", (ctx) => startRouter(ctx), { workers: routerWorkers() });
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    process.stderr.write(`api: ${err.message}\n`);
    process.exit(1);
  }
}
