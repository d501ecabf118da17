import type { Logger } from "pino";
import { ConflictError } from "./errors.ts";
import type { ReconcileResult } from "./types.ts";

/** A level-triggered work queue: each key is reconciled by one worker at a time, errors back off. */
export type WorkQueue = {
  /** Reconcile `key` soon (deduplicated with any pending run). */
  add(key: string): void;
  /** Reconcile `key` after `ms`, unless it runs earlier. */
  addAfter(key: string, ms: number): void;
  /** Stops taking work; resolves when the running reconcile has finished. */
  stop(): Promise<void>;
  /** Resolves when nothing is queued or running (timers for later runs aside). */
  idle(): Promise<void>;
};

/**
 * Creates a work queue driving `reconcile`. A 409 (ConflictError) is requeued quickly and quietly; other
 * errors are retried with exponential backoff per key (`baseBackoffMs` doubling up to `maxBackoffMs`);
 * a result's `requeueAfterMs` schedules the next level-triggered look.
 */
export function createWorkQueue(opts: {
  name: string;
  logger: Logger;
  reconcile: (key: string) => Promise<ReconcileResult>;
  baseBackoffMs?: number;
  maxBackoffMs?: number;
  conflictRetryMs?: number;
}): WorkQueue {
  const base = opts.baseBackoffMs ?? 500;
  const max = opts.maxBackoffMs ?? 60_000;
  const conflictRetryMs = opts.conflictRetryMs ?? 50;
  const pending = new Set<string>();
  const order: string[] = [];
  const timers = new Map<string, { at: number; timer: NodeJS.Timeout }>();
  const failures = new Map<string, number>();
  let running: Promise<void> | null = null;
  let stopped = false;
  let idleWaiters: (() => void)[] = [];

  const notifyIdle = () => {
    if (running || order.length > 0) return;
    const waiters = idleWaiters;
    idleWaiters = [];
    for (const w of waiters) w();
  };

  const add = (key: string) => {
    if (stopped) return;
    const t = timers.get(key);
    if (t) {
      clearTimeout(t.timer);
      timers.delete(key);
    }
    if (!pending.has(key)) {
      pending.add(key);
      order.push(key);
    }
    pump();
  };

  const addAfter = (key: string, ms: number) => {
    if (stopped) return;
    if (ms <= 0) {
      add(key);
      return;
    }
    const at = Date.now() + ms;
    const t = timers.get(key);
    if (t && t.at <= at) return;
    if (t) clearTimeout(t.timer);
    const timer = setTimeout(() => {
      timers.delete(key);
      add(key);
    }, ms);
    timer.unref();
    timers.set(key, { at, timer });
  };

  const runOne = async (key: string) => {
    try {
      const result = await opts.reconcile(key);
      failures.delete(key);
      if (result.requeueAfterMs !== undefined) addAfter(key, result.requeueAfterMs);
    } catch (err) {
      if (err instanceof ConflictError) {
        opts.logger.debug({ controller: opts.name, key, err: err.message }, "conflict, requeued");
        addAfter(key, conflictRetryMs);
        return;
      }
      const n = (failures.get(key) ?? 0) + 1;
      failures.set(key, n);
      const delay = Math.min(max, base * 2 ** (n - 1));
      opts.logger.warn({ controller: opts.name, key, err, attempt: n, retryInMs: delay }, "reconcile failed");
      addAfter(key, delay);
    }
  };

  function pump(): void {
    const key = running || stopped ? undefined : order.shift();
    if (key === undefined) {
      notifyIdle();
      return;
    }
    pending.delete(key);
    running = runOne(key).finally(() => {
      running = null;
      pump();
    });
  }

  return {
    add,
    addAfter,
    async stop() {
      stopped = true;
      for (const t of timers.values()) clearTimeout(t.timer);
      timers.clear();
      order.length = 0;
      pending.clear();
      await running;
      notifyIdle();
    },
    idle() {
      if (!running && order.length === 0) return Promise.resolve();
      return new Promise((resolve) => idleWaiters.push(resolve));
    },
  };
}
