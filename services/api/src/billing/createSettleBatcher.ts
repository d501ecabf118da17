import type { Logger } from "pino";
import type { BillingStore, CoveredSettle } from "./createBillingStore.ts";

/** Settles that nobody waits for, written to Redis together. */
export type SettleBatcher = {
  /** Queues a settle; it is written at the end of this event-loop turn, with the others queued in it. */
  add(settle: CoveredSettle): void;
  /** Writes the queued settles now, so a command sent after this call sees them applied. */
  send(): void;
  /** Writes the queued settles and resolves once every settle queued so far is written. */
  idle(): Promise<void>;
};

/** Settles per script call at most, so one call never holds Redis long. */
const MAX_BATCH = 256;

/**
 * Batches settles whose reservations cover their charges (`store.settleCovered`): a request
 * queues its settle after the handler and the answer goes out without waiting; the settles
 * of one event-loop turn then cost one Redis round trip and one script run in all.
 * Commands on one connection keep their order, so `send()` before an admit keeps a caller's
 * next request behind its previous settle, as when each settle was sent on its own.
 */
export function createSettleBatcher(deps: {
  store: Pick<BillingStore, "settleCovered">;
  logger: Logger;
}): SettleBatcher {
  let queue: CoveredSettle[] = [];
  let scheduled = false;
  const inFlight = new Set<Promise<unknown>>();

  function send(): void {
    if (queue.length === 0) return;
    const batch = queue;
    queue = [];
    const p = deps.store
      .settleCovered(batch)
      .catch((err) =>
        deps.logger.error(
          { err, settles: batch.length },
          "settling requests failed; their reservations are given back after the reservation timeout",
        ),
      )
      .finally(() => inFlight.delete(p));
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
      await Promise.all([...inFlight]);
    },
  };
}
