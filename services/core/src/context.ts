import pino, { type Logger } from "pino";
import { collectDefaultMetrics, Registry } from "prom-client";

/** Shutdown hooks run in reverse order of registration on SIGINT/SIGTERM. */
export type Shutdown = {
  add(name: string, fn: () => Promise<void> | void): void;
  run(reason: string): Promise<void>;
  readonly aborted: AbortSignal;
};

/** The one context object passed down: logger, metrics registry, shutdown. No singletons. */
export type Context = { logger: Logger; metrics: Registry; shutdown: Shutdown };

export function createShutdown(logger: Logger): Shutdown {
  const hooks: { name: string; fn: () => Promise<void> | void }[] = [];
  const controller = new AbortController();
  let running: Promise<void> | null = null;
  return {
    aborted: controller.signal,
    add(name, fn) {
      hooks.push({ name, fn });
    },
    run(reason) {
      if (running) return running;
      controller.abort();
      running = (async () => {
        logger.info({ reason }, "shutting down");
        for (const hook of [...hooks].reverse()) {
          try {
            await hook.fn();
          } catch (err) {
            logger.error({ err, hook: hook.name }, "shutdown hook failed");
          }
        }
      })();
      return running;
    },
  };
}

/** Builds a context; `defaultMetrics` adds process metrics (off in tests to keep registries small). */
export function createContext(opts: { name: string; level?: string; defaultMetrics?: boolean }): Context {
  const logger = pino({ name: opts.name, level: opts.level ?? process.env.LOG_LEVEL ?? "info" });
  const metrics = new Registry();
  if (opts.defaultMetrics) collectDefaultMetrics({ register: metrics });
  return { logger, metrics, shutdown: createShutdown(logger) };
}
