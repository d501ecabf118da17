import {
  type Bus,
  type Context,
  createBullQueue,
  createMemoryBus,
  createPgPool,
  createRedisBus,
  serveHttp,
} from "@tapeline/core";
import { checkSchemaVersion } from "./checkSchemaVersion.ts";
import { createIngestHttpHandler } from "./createIngestHttpHandler.ts";
import { createIngestMetrics } from "./createIngestMetrics.ts";
import type { IngestRunner } from "./IngestRunner.ts";
import { KNOWN_EVM_CHAINS } from "./knownEvmChains.ts";
import { type IngestConfig, type IngestEvmSettings, loadIngestConfig } from "./loadIngestConfig.ts";
import { readChainReadiness } from "./readChainReadiness.ts";
import { registerChain } from "./registerChain.ts";
import { startEvmBackfillConsumer } from "./startEvmBackfillConsumer.ts";
import { startEvmLiveIngest } from "./startEvmLiveIngest.ts";
import { startSolanaLiveIngest } from "./startSolanaLiveIngest.ts";

/**
 * An ingest worker process for one chain, configured from the environment its Deployment sets:
 * checks that the schema is migrated (it never migrates), registers the chain, serves
 * /healthz, /readyz and /metrics, and runs the EVM or Solana live worker. On shutdown the worker
 * finishes its batch and commits its checkpoint before the bus and the database close. A worker
 * that stops on its own error calls `onFailure` (by default: shut down and exit 1, so the pod restarts).
 * @throws ConfigError listing every configuration problem; SchemaNotMigratedError when migrations are missing.
 */
export async function startIngestService(
  ctx: Context,
  env: Record<string, string | undefined> = process.env,
  onFailure: (err: Error) => void = () => {
    void ctx.shutdown.run("worker failed").then(() => process.exit(1));
  },
  /** a bus the caller owns (the dev stack's in-process bus, shared with its API), instead of the configured one */
  sharedBus?: Bus,
): Promise<{ port: number }> {
  const config = loadIngestConfig(env);
  const logger = ctx.logger.child({ chain: config.chain });
  const pool = createPgPool({
    url: config.databaseUrl,
    max: config.pgPoolMax,
    applicationName: `tapeline-ingest ${config.chain}`,
    onConnectionError: (err) => logger.warn({ err }, "postgres connection lost"),
  });
  ctx.shutdown.add("postgres", () => pool.end());
  await checkSchemaVersion(pool);
  await registerChain(pool, registration(config));

  let bus: Bus;
  if (sharedBus) bus = sharedBus;
  else {
    const own =
      config.bus.kind === "redis"
        ? createRedisBus({
            url: config.bus.url,
            prefix: config.bus.prefix,
            logger: ctx.logger.child({ component: "bus" }),
          })
        : createMemoryBus();
    ctx.shutdown.add("bus", () => own.close());
    bus = own;
  }

  const metrics = createIngestMetrics(ctx.metrics, config.chain);
  const handler = createIngestHttpHandler({
    ctx,
    chain: config.chain,
    readiness: () =>
      readChainReadiness(pool, config.chain, { freshness: config.freshness, health: metrics.health }),
  });
  const { port } = await serveHttp(handler, { host: config.host, port: config.port, ctx, name: "http" });

  let runner: IngestRunner;
  if (config.evm) {
    const evm = await startEvmLiveIngest({
      ctx,
      config: config as IngestConfig & { evm: IngestEvmSettings },
      pool,
      bus,
      metrics,
    });
    runner = evm;
    // hooks run in reverse: the backfill range and the live batch in progress are committed
    // before the HTTP server, the bus and the database close
    ctx.shutdown.add("worker", () => runner.stop());
    if (config.redisUrl) {
      const queue = createBullQueue({
        url: config.redisUrl,
        prefix: config.backfill.bullPrefix,
        logger: ctx.logger.child({ component: "queue" }),
      });
      ctx.shutdown.add("backfill queue", () => queue.close());
      const consumer = await startEvmBackfillConsumer({
        ctx,
        queue,
        deps: evm.backfillDeps,
        concurrency: config.backfill.concurrency,
      });
      ctx.shutdown.add("backfill consumer", () => consumer.close());
    } else {
      logger.warn("no REDIS_URL: history backfill requests are not consumed");
    }
  } else {
    runner = await startSolanaLiveIngest({ ctx, config, pool, bus, metrics });
    ctx.shutdown.add("worker", () => runner.stop());
  }
  runner.done.catch((err: Error) => {
    logger.fatal({ err }, "worker stopped");
    onFailure(err);
  });
  logger.info({ port, name: config.chainName, venues: config.venues }, "ingest worker ready");
  return { port };
}

function registration(config: IngestConfig) {
  if (!config.evm) {
    return {
      chain: config.chain,
      name: "Solana",
      slug: config.chainName,
      family: "solana" as const,
      nativeSymbol: "SOL",
      nativeDecimals: 9,
      finalityDepth: config.finalityDepth,
    };
  }
  const known = KNOWN_EVM_CHAINS[Number(config.chain.slice(4))];
  return {
    chain: config.chain,
    name: known?.name ?? config.chainName,
    slug: config.chainName,
    family: "evm" as const,
    nativeSymbol: config.evm.native.symbol,
    nativeDecimals: config.evm.native.decimals,
    finalityDepth: config.finalityDepth,
  };
}
