import {
  mergeProcessors,
  processorGroups,
  SCREENER_QUEUE,
  startJobsWorker,
  startScreenerUniverse,
  type UniverseChain,
} from "@tapeline/jobs";
import type { DevComponent } from "./startDevStack.ts";

/**
 * The dev stack's jobs: a worker on the in-memory queue running the jobs processors, and the
 * screener universe of `chains()` (read when the component starts, after the chains deployed)
 * refreshed every `everyMs` by its repeatable job.
 */
export function createScreenerComponent(opts: {
  chains: () => UniverseChain[];
  everyMs?: number;
}): DevComponent {
  return {
    name: "jobs",
    async start(deps) {
      if (!deps.bus || !deps.queue) throw new Error("the jobs component needs the dev stack's bus and queue");
      const screener = await startScreenerUniverse({
        ctx: deps.ctx,
        pool: deps.pool,
        bus: deps.bus,
        cache: deps.cache,
        queue: deps.queue,
        chains: opts.chains(),
        everyMs: opts.everyMs ?? 5_000,
      });
      const worker = await startJobsWorker({
        queue: deps.queue,
        queueName: SCREENER_QUEUE,
        processors: mergeProcessors(processorGroups),
        deps: { ctx: deps.ctx, queue: deps.queue, pool: deps.pool, screener: screener.refresher },
      });
      return {
        async stop() {
          await screener.stop();
          await worker.close();
        },
      };
    },
  };
}
