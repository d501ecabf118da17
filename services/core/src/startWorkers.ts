import cluster, { type Worker } from "node:cluster";
import type { Logger } from "pino";
import { serveClusterMetrics } from "./clusterMetrics.ts";

export type WorkerSetOptions = {
  /** how many worker processes */
  count: number;
  /** the script each worker runs; default: this process's own entry point */
  exec?: string;
  args?: string[];
  /** extra environment of the workers (on top of this process's) */
  env?: Record<string, string>;
  logger: Logger;
  /** a worker that dies is replaced after this delay (ms); default 1000 */
  restartDelayMs?: number;
};

export type WorkerSet = {
  /** resolves once every worker listens on its server port */
  listening: Promise<void>;
  readonly size: number;
  /** process ids of the live workers */
  pids(): number[];
  /** sends SIGTERM to every worker and resolves when all have exited */
  stop(): Promise<void>;
};

/**
 * Forks `count` worker processes that share the listening ports they open (node:cluster: the
 * primary accepts connections and hands them round-robin to the workers), so one pod uses
 * every core it is given. A worker that exits while the set runs is replaced. A worker's
 * `metricsText` gets every worker's metrics aggregated through this primary.
 */
export function startWorkers(opts: WorkerSetOptions): WorkerSet {
  if (!cluster.isPrimary) throw new Error("startWorkers runs in the primary process");
  cluster.setupPrimary({
    ...(opts.exec ? { exec: opts.exec } : {}),
    ...(opts.args ? { args: opts.args } : {}),
  });
  const workers = new Set<Worker>();
  let stopping = false;
  // the first `count` workers to listen; replacements join a set that already serves
  let pending = opts.count;
  let onListening: () => void = () => {};
  const listening = new Promise<void>((resolve) => {
    onListening = resolve;
  });

  const fork = (initial: boolean) => {
    const w = cluster.fork(opts.env ?? {});
    workers.add(w);
    serveClusterMetrics(w);
    if (initial) {
      w.once("listening", () => {
        if (--pending === 0) onListening();
      });
    }
    w.on("exit", (code, signal) => {
      workers.delete(w);
      if (stopping) return;
      opts.logger.error({ pid: w.process.pid, code, signal }, "worker exited, starting another");
      setTimeout(() => {
        if (!stopping) fork(false);
      }, opts.restartDelayMs ?? 1000).unref();
    });
  };
  for (let i = 0; i < opts.count; i++) fork(true);

  return {
    listening,
    get size() {
      return workers.size;
    },
    pids() {
      return [...workers].flatMap((w) => (w.process.pid === undefined ? [] : [w.process.pid]));
    },
    async stop() {
      stopping = true;
      const exits = [...workers].map((w) => new Promise<void>((resolve) => w.once("exit", () => resolve())));
      for (const w of workers) w.process.kill("SIGTERM");
      await Promise.all(exits);
    },
  };
}
