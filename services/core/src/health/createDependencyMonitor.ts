import { Gauge, type Registry } from "prom-client";

/** One dependency to watch: a cheap round trip that rejects (or hangs) when it is unusable. */
export type DependencyCheck = {
  /** Label of the dependency in readiness and metrics: `redis`, `postgres`, `shard:<name>`. */
  name: string;
  check: () => Promise<unknown>;
  /**
   * Every gated request needs it (the gate's Redis): while it is down, requests are refused at
   * once with 503 instead of each waiting for its own timeout.
   */
  critical?: boolean;
};

/** What the monitor last saw of one dependency. */
export type DependencyStatus = {
  name: string;
  up: boolean;
  critical: boolean;
  /** Round trip of the last successful check. */
  latencyMs: number | null;
  /** Why the last check failed, while down. */
  error?: string;
  /** Wall-clock ms of the last change between up and down (the start for a dependency never down). */
  since: number;
};

export type DependencyMonitor = {
  /** Every dependency's state, in the order given. */
  status(): DependencyStatus[];
  /** The first critical dependency that is down, or null. */
  criticalDown(): DependencyStatus | null;
  /** Runs every check now and resolves when they are done (tests, and the first state at start). */
  probe(): Promise<void>;
  close(): void;
};

/**
 * Watches dependencies in the background: every `intervalMs` each check runs, bounded by
 * `timeoutMs` (a stalled server counts as a failure, not as a wait). A dependency is down after
 * `downAfter` failures in a row and up again after one success, so readiness turns false within
 * about `intervalMs * downAfter + timeoutMs` of an outage and true within `intervalMs + timeoutMs`
 * of recovery. Sets `dependency_up{dependency}` (1 up, 0 down) on `registry`.
 */
export function createDependencyMonitor(opts: {
  checks: DependencyCheck[];
  registry?: Registry;
  /** @defaultValue 1000 */
  intervalMs?: number;
  /** @defaultValue 800 */
  timeoutMs?: number;
  /** @defaultValue 2 */
  downAfter?: number;
}): DependencyMonitor {
  const intervalMs = opts.intervalMs ?? 1000;
  const timeoutMs = opts.timeoutMs ?? 800;
  const downAfter = opts.downAfter ?? 2;
  const gauge = opts.registry
    ? ((opts.registry.getSingleMetric("dependency_up") as Gauge<"dependency"> | undefined) ??
      new Gauge({
        name: "dependency_up",
        help: "Whether a dependency answers its health check (1) or not (0)",
        labelNames: ["dependency"],
        registers: [opts.registry],
      }))
    : null;
  const started = Date.now();
  const states = opts.checks.map((c) => ({
    check: c,
    failures: 0,
    running: null as Promise<void> | null,
    status: {
      name: c.name,
      up: true,
      critical: c.critical === true,
      latencyMs: null,
      since: started,
    } as DependencyStatus,
  }));
  for (const s of states) gauge?.set({ dependency: s.status.name }, 1);

  function runOne(s: (typeof states)[number]): Promise<void> {
    s.running ??= (async () => {
      const t0 = performance.now();
      let timer: NodeJS.Timeout | undefined;
      try {
        await Promise.race([
          s.check.check(),
          new Promise((_, reject) => {
            timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
          }),
        ]);
        s.failures = 0;
        const { error: _cleared, ...rest } = s.status;
        s.status = {
          ...rest,
          latencyMs: Math.round(performance.now() - t0),
          ...(rest.up ? {} : { up: true, since: Date.now() }),
        };
      } catch (err) {
        s.failures++;
        const error = err instanceof Error ? err.message : String(err);
        const down = s.failures >= downAfter;
        s.status = {
          ...s.status,
          ...(down ? { error } : {}),
          ...(down && s.status.up ? { up: false, since: Date.now() } : {}),
        };
      } finally {
        clearTimeout(timer);
        gauge?.set({ dependency: s.status.name }, s.status.up ? 1 : 0);
        s.running = null;
      }
    })();
    return s.running;
  }

  const probe = async (): Promise<void> => {
    await Promise.all(states.map(runOne));
  };
  void probe();
  const timer = setInterval(() => void probe(), intervalMs);
  timer.unref();

  return {
    status: () => states.map((s) => s.status),
    criticalDown: () => states.find((s) => s.status.critical && !s.status.up)?.status ?? null,
    probe,
    close() {
      clearInterval(timer);
    },
  };
}
