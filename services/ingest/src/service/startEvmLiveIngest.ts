import { type Bus, ConfigError, type Context } from "@tapeline/core";
import type pg from "pg";
import { startEvmChainWorker } from "../evm/createEvmChainWorker.ts";
import type { EvmIngestDeps } from "../evm/createEvmIngest.ts";
import type { EvmChainConfig } from "../evm/EvmChainConfig.ts";
import { createRpcClient } from "../rpc/createRpcClient.ts";
import { readCheckpoint } from "../writer/checkpoint.ts";
import type { IngestMetrics } from "./createIngestMetrics.ts";
import type { IngestRunner } from "./IngestRunner.ts";
import type { IngestConfig, IngestEvmSettings } from "./loadIngestConfig.ts";
import { recordLiveStart } from "./recordLiveStart.ts";

/**
 * The chain configuration of the EVM worker from the service's configuration. `startBlock` is
 * used only when the chain has no checkpoint yet.
 */
export function buildEvmChainConfig(
  config: IngestConfig & { evm: IngestEvmSettings },
  startBlock: bigint,
): EvmChainConfig {
  const { evm } = config;
  return {
    chain: config.chain,
    endpoints: config.rpcUrls.map((url, i) => ({
      url,
      ...(i === 0 && config.rpcWsUrl ? { wsUrl: config.rpcWsUrl } : {}),
      ...(evm.maxRps === undefined ? {} : { maxRps: evm.maxRps }),
    })),
    wrappedNative: evm.wrappedNative,
    stablecoins: evm.stablecoins,
    factories: evm.factories,
    enabledVenues: config.venues,
    finalityDepth: config.finalityDepth,
    opStack: evm.opStack,
    maxBlockRange: evm.maxBlockRange,
    pollIntervalMs: evm.pollIntervalMs,
    relayers: evm.relayers,
    multicall3: evm.multicall3,
    startBlock,
  };
}

/**
 * Starts the EVM live worker: checks that the endpoints serve the configured chain, records
 * where live ingest begins (once per chain), then follows the head from the checkpoint (or
 * START_BLOCK, or the current head on a first start).
 * @returns the runner, and the pipeline's dependencies for history backfills.
 * @throws ConfigError when an endpoint serves another chain.
 */
export async function startEvmLiveIngest(deps: {
  ctx: Context;
  config: IngestConfig & { evm: IngestEvmSettings };
  pool: pg.Pool;
  bus: Bus;
  metrics: IngestMetrics;
}): Promise<IngestRunner & { backfillDeps: EvmIngestDeps }> {
  const { ctx, config, metrics } = deps;
  const logger = ctx.logger.child({ component: "evm worker", chain: config.chain });
  const probe = buildEvmChainConfig(config, 0n);
  const rpc = createRpcClient({
    endpoints: probe.endpoints,
    onEvent: (event) => logger.warn({ event }, "rpc endpoint trouble"),
  });
  const wrong: string[] = [];
  const want = Number(config.chain.slice(4));
  for (const [i, e] of probe.endpoints.entries()) {
    // an endpoint down at start is the failover client's business; only a wrong chain is fatal
    const id = await createRpcClient({ endpoints: [e], attempts: 2 })
      .request<string>("eth_chainId", [])
      .then(
        (hex) => Number(BigInt(hex)),
        (err: Error) => {
          logger.warn({ endpoint: i, err: err.message }, "endpoint did not answer eth_chainId");
          return null;
        },
      );
    if (id !== null && id !== want) wrong.push(`RPC_URL_${i} serves chain ${id}, not ${config.chain}`);
  }
  if (wrong.length > 0) throw new ConfigError(wrong);
  const startBlock = config.startBlock ?? (await rpc.refreshHeads());
  const cfg = buildEvmChainConfig(config, startBlock);
  const cp = await readCheckpoint(deps.pool, config.chain);
  const liveStart = await recordLiveStart(deps.pool, config.chain, cp ? cp.block + 1n : startBlock);
  const worker = startEvmChainWorker({
    cfg,
    rpc,
    db: deps.pool,
    bus: deps.bus,
    native: config.evm.native,
    onEvent: (event) => {
      if (event.type === "range") {
        metrics.written({ head: event.head, indexed: event.to, inserted: event.inserted });
        logger.debug(
          {
            from: event.from.toString(),
            to: event.to.toString(),
            head: event.head.toString(),
            swaps: event.swaps,
          },
          "range written",
        );
      } else if (event.type === "reorg") {
        metrics.reorg();
        logger.warn(
          {
            ancestor: event.ancestor.toString(),
            checkpoint: event.checkpoint.toString(),
            tradesDeleted: event.tradesDeleted,
          },
          "reorg rolled back",
        );
      } else if (event.type === "retry") {
        metrics.failed(event.error);
        logger.warn({ error: event.error, failures: metrics.health().failures }, "step failed, retrying");
      } else if (event.type === "step") {
        metrics.succeeded();
      }
    },
  });
  logger.info(
    { startBlock: startBlock.toString(), liveStart: liveStart.toString(), venues: config.venues },
    "evm worker started",
  );
  return {
    done: worker.done,
    stop: () => worker.stop(),
    backfillDeps: { cfg, rpc, db: deps.pool, native: config.evm.native },
  };
}
