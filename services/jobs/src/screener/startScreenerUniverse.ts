import { type Bus, type Cache, type Context, createUniverseStore, type JobQueue } from "@tapeline/core";
import type pg from "pg";
import {
  createUniverseRefresher,
  type UniverseChain,
  type UniverseRefresher,
} from "./createUniverseRefresher.ts";
import { ScreenerJobs } from "./processors.ts";

/** The queue the universe runs are scheduled on (the jobs workers' default queue). */
export const SCREENER_QUEUE = "jobs";

/**
 * Seeds the screener's hot stats, then schedules one repeatable universe run per chain every
 * `everyMs` on {@link SCREENER_QUEUE}. The returned refresher goes into the workers' JobDeps.
 */
export async function startScreenerUniverse(opts: {
  ctx: Context;
  pool: pg.Pool;
  bus: Bus;
  cache: Cache;
  queue: JobQueue;
  chains: UniverseChain[];
  everyMs: number;
}): Promise<{ refresher: UniverseRefresher; stop(): Promise<void> }> {
  const refresher = createUniverseRefresher({
    pool: opts.pool,
    bus: opts.bus,
    store: createUniverseStore(opts.cache),
    chains: opts.chains,
    logger: opts.ctx.logger.child({ component: "screener" }),
  });
  await refresher.start();
  for (const { chain } of opts.chains) {
    await opts.queue.repeat(
      SCREENER_QUEUE,
      ScreenerJobs.universe,
      { chain },
      { key: `${ScreenerJobs.universe}:${chain}`, everyMs: opts.everyMs },
    );
  }
  return {
    refresher,
    async stop() {
      for (const { chain } of opts.chains) {
        await opts.queue.unrepeat(SCREENER_QUEUE, `${ScreenerJobs.universe}:${chain}`).catch(() => false);
      }
      await refresher.close();
    },
  };
}
