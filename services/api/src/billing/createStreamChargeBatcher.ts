import { randomUUID } from "node:crypto";
import type { ApiError } from "@tapeline/core";
import type { AdmitReply, BillingStore } from "./createBillingStore.ts";
import type { SettleBatcher } from "./createSettleBatcher.ts";

/** One connection's delivered events of one channel, to charge before they are sent. */
export type StreamCharge = {
  keyHash: string;
  caller: { accountId: string; keyId: string };
  channel: string;
  events: number;
};

export type StreamChargeBatcher = {
  /**
   * Charges the events: resolves with the credits left once they are paid for (reserved; the
   * settle follows in the background), rejects with the refusal the connection closes with.
   */
  charge(c: StreamCharge): Promise<number>;
};

type Waiter = { charge: StreamCharge; resolve: (left: number) => void; reject: (err: unknown) => void };

/**
 * Stream charges batched across connections: every charge of one event-loop turn for the same key
 * and channel is one reservation of their sum (one admit script run, sent in the turn's pipeline),
 * and its settle joins the gate's settle batcher (one script run for many, retried through a
 * Redis outage and applied once per reservation), so the connections of a busy turn cost one
 * admit per key and channel instead of an admit and a settle each. When the sum is refused the
 * turn's charges are admitted one by one in arrival order, so the connections the credits cover
 * still get their events and only the others are refused: what is sent is what is charged.
 */
export function createStreamChargeBatcher(deps: {
  store: Pick<BillingStore, "admit">;
  settles: Pick<SettleBatcher, "add">;
  /** The refusal (402, 403, ...) a refused admit becomes. */
  refusal: (r: AdmitReply) => ApiError;
}): StreamChargeBatcher {
  let turn = new Map<string, Waiter[]>();
  let scheduled = false;

  /** Reserves `events` credits for the caller; the settle is queued in the background. */
  async function reserve(c: StreamCharge, events: number): Promise<AdmitReply> {
    const endpoint = `stream:${c.channel}`;
    const r = await deps.store.admit({
      keyHash: c.keyHash,
      reservationId: randomUUID(),
      endpoint,
      cost: events,
      billable: true,
      batch: false,
      items: events,
      group: "stream",
      skipRate: true,
    });
    if (r.outcome === "ok") {
      deps.settles.add({
        reservation: r.reservation,
        status: 200,
        cost: events,
        endpoint,
        keyId: c.caller.keyId,
        accountId: c.caller.accountId,
        requests: events,
      });
    }
    return r;
  }

  async function one(w: Waiter): Promise<void> {
    const r = await reserve(w.charge, w.charge.events);
    if (r.outcome === "ok") w.resolve(r.creditsRemaining);
    else w.reject(deps.refusal(r));
  }

  async function group(waiters: Waiter[]): Promise<void> {
    try {
      if (waiters.length === 1) return await one(waiters[0]!);
      const total = waiters.reduce((n, w) => n + w.charge.events, 0);
      const r = await reserve(waiters[0]!.charge, total);
      if (r.outcome === "ok") {
        for (const w of waiters) w.resolve(r.creditsRemaining);
        return;
      }
      // Nothing was reserved: the credits may still cover some of the connections.
      for (const w of waiters) await one(w).catch(w.reject);
    } catch (err) {
      for (const w of waiters) w.reject(err);
    }
  }

  function flush(): void {
    scheduled = false;
    const groups = turn;
    turn = new Map();
    for (const waiters of groups.values()) void group(waiters);
  }

  return {
    charge(c) {
      return new Promise<number>((resolve, reject) => {
        const key = `${c.keyHash}|${c.channel}`;
        const waiters = turn.get(key);
        if (waiters) waiters.push({ charge: c, resolve, reject });
        else turn.set(key, [{ charge: c, resolve, reject }]);
        if (!scheduled) {
          scheduled = true;
          setImmediate(flush);
        }
      });
    },
  };
}
