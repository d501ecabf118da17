import type { Logger } from "pino";
import { Counter, type Registry } from "prom-client";
import type { BillingStore, CoveredSettle } from "./createBillingStore.ts";

/** Settles that nobody waits for, written to Redis together. */
export type SettleBatcher = {
  /** Queues a settle; it is written at the end of this event-loop turn, with the others queued in it. */
  add(settle: CoveredSettle): void;
  /** Writes the queued settles now, so a command sent after this call sees them applied. */
  send(): void;
  /**
   * Writes the queued settles and resolves once every settle queued so far is written, or given
   * up, or `idleWaitMs` has passed while failed batches are still being retried.
   */
  idle(): Promise<void>;
};

/** Settles per script call at most, so one call never holds Redis long. */
const MAX_BATCH = 256;
/** Backoff between tries of a failed batch: doubling from the first to the last. */
const FIRST_RETRY_MS = 100;
const LAST_RETRY_MS = 2000;
/** Settles waiting for a retry at most; past it the oldest batches are dropped. */
const MAX_PENDING = 50_000;

type Batch = { settles: CoveredSettle[]; deadline: number; dropped: boolean };

/**
 * Batches settles whose reservations cover their charges (`store.settleCovered`): a request
 * queues its settle after the handler and the answer goes out without waiting; the settles
 * of one event-loop turn then cost one Redis round trip and one script run in all.
 * Commands on one connection keep their order, so `send()` before an admit keeps a caller's
 * next request behind its previous settle, as when each settle was sent on its own.
 *
 * A batch that fails (Redis stalled, reset, refusing) is tried again with backoff until it is
 * written or `retryForMs` has passed since it was sent. A settle is keyed by its reservation and
 * is a no-op once that reservation is gone, so a try whose reply was lost and the next try charge
 * once. A try landing after the sweep gave the reservation back finds the trace the sweep keeps
 * of it and charges then, once; `retryForMs` stays within how long those traces are kept.
 */
export function createSettleBatcher(deps: {
  store: Pick<BillingStore, "settleCovered">;
  logger: Logger;
  metrics: Registry;
  /** How long a failed batch is tried again, from its first send. */
  retryForMs: number;
  /** How long `idle()` waits for batches still being retried (shutdown). */
  idleWaitMs: number;
  /** Settles waiting for a retry at most (default 50000). */
  maxPending?: number;
}): SettleBatcher {
  const maxPending = deps.maxPending ?? MAX_PENDING;
  const dropped =
    (deps.metrics.getSingleMetric("tapeline_settles_dropped_total") as Counter | undefined) ??
    new Counter({
      name: "tapeline_settles_dropped_total",
      help: "Settles given up after Redis failed them: their reservations are given back, so the calls are not charged",
      registers: [deps.metrics],
    });
  let queue: CoveredSettle[] = [];
  let scheduled = false;
  const inFlight = new Set<Promise<unknown>>();
  /** Batches that failed at least once and are not written yet, oldest first. */
  const retrying: Batch[] = [];
  let pendingSettles = 0;
  const sleepers = new Set<() => void>();

  function giveUp(batch: Batch, err: unknown, why: string): void {
    if (batch.dropped) return;
    batch.dropped = true;
    dropped.inc(batch.settles.length);
    deps.logger.error(
      { err, settles: batch.settles.length },
      `settling requests failed (${why}); their reservations are given back after the reservation timeout`,
    );
  }

  function forget(batch: Batch): void {
    const i = retrying.indexOf(batch);
    if (i < 0) return;
    retrying.splice(i, 1);
    pendingSettles -= batch.settles.length;
  }

  function track(batch: Batch): void {
    retrying.push(batch);
    pendingSettles += batch.settles.length;
    while (pendingSettles > maxPending && retrying.length > 1) {
      const oldest = retrying[0] as Batch;
      forget(oldest);
      giveUp(oldest, new Error(`more than ${maxPending} settles waiting for Redis`), "too many waiting");
    }
  }

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        sleepers.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      sleepers.add(wake);
    });

  async function write(batch: Batch): Promise<void> {
    let delay = FIRST_RETRY_MS;
    for (;;) {
      try {
        await deps.store.settleCovered(batch.settles);
        return;
      } catch (err) {
        if (batch.dropped) return;
        const left = batch.deadline - Date.now();
        if (left <= 0) return giveUp(batch, err, `retried for ${deps.retryForMs} ms`);
        if (!retrying.includes(batch)) {
          track(batch);
          deps.logger.warn({ err, settles: batch.settles.length }, "settling requests failed; retrying");
        }
        // the last try lands at the deadline itself, so an outage ending between two backoff steps loses nothing
        await sleep(Math.min(delay, left));
        if (batch.dropped) return;
        delay = Math.min(delay * 2, LAST_RETRY_MS);
      }
    }
  }

  function send(): void {
    if (queue.length === 0) return;
    const batch: Batch = { settles: queue, deadline: Date.now() + deps.retryForMs, dropped: false };
    queue = [];
    const p = write(batch).finally(() => {
      forget(batch);
      inFlight.delete(p);
    });
    inFlight.add(p);
  }

  return {
    add(settle) {
      queue.push(settle);
      if (queue.length >= MAX_BATCH) send();
      else if (!scheduled) {
        scheduled = true;
        setImmediate(() => {
          scheduled = false;
          send();
        });
      }
    },
    send,
    async idle() {
      send();
      let timer: NodeJS.Timeout | undefined;
      const waited = new Promise<"timeout">((resolve) => {
        timer = setTimeout(() => resolve("timeout"), deps.idleWaitMs);
      });
      const done = await Promise.race([Promise.all([...inFlight]), waited]);
      clearTimeout(timer);
      if (done !== "timeout") return;
      for (const batch of [...retrying]) {
        forget(batch);
        giveUp(batch, new Error(`not written within ${deps.idleWaitMs} ms of shutdown`), "shutting down");
      }
      for (const wake of [...sleepers]) wake();
    },
  };
}
