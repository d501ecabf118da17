import pino, { type DestinationStream, type Logger } from "pino";
import pretty from "pino-pretty";
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
  const logger = pino(
    { name: opts.name, level: opts.level ?? process.env.LOG_LEVEL ?? "info" },
    logDestination(process.env.LOG_FORMAT, process.stdout.isTTY === true),
  );
  const metrics = new Registry();
  if (opts.defaultMetrics) collectDefaultMetrics({ register: metrics });
  return { logger, metrics, shutdown: createShutdown(logger) };
}

/**
 * Where log lines go: readable lines on a terminal, one JSON object per line when piped (what log
 * collectors parse). `LOG_FORMAT` (`json` or `pretty`) overrides the guess.
 * @throws Error on another `LOG_FORMAT`.
 */
export function logDestination(
  format: string | undefined,
  isTerminal: boolean,
  out: NodeJS.WritableStream = process.stdout,
): DestinationStream {
  if (format !== undefined && format !== "json" && format !== "pretty") {
    throw new Error(`LOG_FORMAT must be json or pretty, got ${JSON.stringify(format)}`);
  }
  const readable = format === "pretty" || (format === undefined && isTerminal);
  // synchronous so that the last lines before an exit are not lost in a worker thread's buffer
  if (!readable) return out === process.stdout ? pino.destination(1) : (out as DestinationStream);
  return pretty({ sync: true, destination: out, translateTime: "SYS:HH:MM:ss.l", ignore: "pid,hostname" });
}
