import type { Bus, Context } from "@tapeline/core";
import type pg from "pg";
import { createEventPublisher } from "../events/createEventPublisher.ts";
import { createSolanaVenueRegistry } from "../solana/createSolanaVenueRegistry.ts";
import { createSolanaProgramRegistry } from "../solana/programs/createSolanaProgramRegistry.ts";
import { createSolanaRpcSource } from "../solana/source/createSolanaRpcSource.ts";
import { createSolanaWorker } from "../solana/worker/createSolanaWorker.ts";
import { readCheckpoint } from "../writer/checkpoint.ts";
import type { IngestMetrics } from "./createIngestMetrics.ts";
import type { IngestRunner } from "./IngestRunner.ts";
import type { IngestConfig } from "./loadIngestConfig.ts";

const SLOTS_PER_BATCH = 32;
// Blocks handed to the worker per call: a stop waits for at most this much work.
const BLOCKS_PER_CALL = SLOTS_PER_BATCH * 4;
const POLL_MS = 400;

/**
 * Starts the Solana live worker over the JSON-RPC endpoints: follows confirmed slots from the
 * checkpoint (or START_BLOCK, or the head on a first start), a bounded run of slots at a time so
 * a stop never waits for a long catch-up. A failed run is retried with backoff from the committed
 * checkpoint.
 */
export async function startSolanaLiveIngest(deps: {
  ctx: Context;
  config: IngestConfig;
  pool: pg.Pool;
  bus: Bus;
  metrics: IngestMetrics;
}): Promise<IngestRunner> {
  const { ctx, config, metrics } = deps;
  const logger = ctx.logger.child({ component: "solana worker", chain: config.chain });
  const source = createSolanaRpcSource({ endpoints: config.rpcUrls });
  const worker = createSolanaWorker({
    source,
    db: deps.pool,
    ...(config.startBlock === null ? {} : { startSlot: config.startBlock }),
    slotsPerBatch: SLOTS_PER_BATCH,
    registry: createSolanaVenueRegistry({ enabled: config.venues }),
    programs: createSolanaProgramRegistry(config.solanaPrograms),
    events: createEventPublisher(deps.pool, deps.bus, ctx.logger.child({ component: "events" })),
    log: { info: (obj, msg) => logger.debug(obj, msg) },
  });
  let stopping = false;
  let wake: (() => void) | null = null;
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  let reported = 0;
  const checkpoint = async (): Promise<bigint | null> =>
    (await readCheckpoint(deps.pool, config.chain))?.block ?? null;

  async function run(): Promise<void> {
    let failures = 0;
    while (!stopping) {
      try {
        const head = await source.getSlot();
        const last = worker.stats().lastSlot ?? (await checkpoint()) ?? config.startBlock ?? head;
        // bounded by blocks, not slots: recorded or sparse ranges are crossed in one call
        const ahead = last < head ? await source.getBlockSlots(last + 1n, BLOCKS_PER_CALL) : [];
        const bound = ahead.length === BLOCKS_PER_CALL ? ahead[ahead.length - 1]! : head;
        const until = bound < head ? bound : head;
        await worker.runUntil(until);
        failures = 0;
        metrics.succeeded();
        const stats = worker.stats();
        if (stats.lastSlot !== null) {
          metrics.written({ head, indexed: stats.lastSlot, inserted: stats.tradesInserted - reported });
          reported = stats.tradesInserted;
        }
        if (until >= head && !stopping) await sleep(POLL_MS);
      } catch (err) {
        failures++;
        metrics.failed((err as Error).message);
        logger.warn({ err, failures }, "solana run failed, retrying from the checkpoint");
        if (!stopping) await sleep(Math.min(10_000, 100 * 2 ** Math.min(failures, 7)));
      }
    }
  }

  const done = run();
  logger.info(
    { startSlot: config.startBlock?.toString() ?? "head", venues: config.venues },
    "solana worker started",
  );
  return {
    done,
    async stop() {
      stopping = true;
      wake?.();
      await done;
      await worker.stop();
    },
  };
}
