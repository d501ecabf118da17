import cluster from "node:cluster";
import { joinClusterMetrics } from "./clusterMetrics.ts";
import { ConfigError } from "./config.ts";
import { type Context, createContext } from "./context.ts";
import { startWorkers } from "./startWorkers.ts";

/**
 * Runs a service process: builds its context, calls `start`, and on SIGINT/SIGTERM runs the
 * shutdown hooks (in reverse order of registration) and exits 0; a second signal exits at once.
 * A ConfigError at start prints every problem and exits 1; any other start failure is logged,
 * what started is shut down, and the process exits 1.
 *
 * With `workers` above 1 this process becomes the primary of that many worker processes, each
 * running `start` and sharing its listening ports; a signal stops them all.
 */
export async function runService(
  name: string,
  start: (ctx: Context) => Promise<void>,
  opts: { workers?: number } = {},
): Promise<void> {
  if ((opts.workers ?? 1) > 1 && cluster.isPrimary) return runPrimary(name, opts.workers ?? 1);
  const ctx = createContext({ name, defaultMetrics: true });
  joinClusterMetrics(ctx.metrics);
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) {
      ctx.logger.warn({ signal }, "second signal, exiting now");
      process.exit(1);
    }
    stopping = true;
    void ctx.shutdown.run(signal).then(() => process.exit(0));
  };
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
  try {
    await start(ctx);
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${name}: ${err.message}\n`);
    } else {
      ctx.logger.fatal({ err }, "failed to start");
    }
    await ctx.shutdown.run("start failed");
    process.exit(1);
  }
}

async function runPrimary(name: string, count: number): Promise<void> {
  const ctx = createContext({ name, defaultMetrics: false });
  const workers = startWorkers({ count, logger: ctx.logger });
  const onSignal = (signal: NodeJS.Signals) => {
    ctx.logger.info({ signal }, "stopping workers");
    void workers.stop().then(() => process.exit(0));
  };
  process.once("SIGINT", onSignal);
  process.once("SIGTERM", onSignal);
  await workers.listening;
  ctx.logger.info({ workers: count }, "workers listening");
}
