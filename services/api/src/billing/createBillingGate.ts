import { randomUUID } from "node:crypto";
import {
  type ApiError,
  type Context,
  ForbiddenError,
  PaymentRequiredError,
  QuotaExceededError,
  RateLimitedError,
  UnauthorizedError,
} from "@tapeline/core";
import type { Redis } from "ioredis";
import type pg from "pg";
import { Counter } from "prom-client";
import type { Caller } from "../endpoint.ts";
import type { Admission, GateInput, RequestGate } from "../gate.ts";
import {
  type AdmitReply,
  type BillingStore,
  createBillingStore,
  SETTLE_RETRY_TIMEOUTS,
} from "./createBillingStore.ts";
import { createInvalidKeyThrottle } from "./createInvalidKeyThrottle.ts";
import { createSettleBatcher } from "./createSettleBatcher.ts";
import { createStreamChargeBatcher } from "./createStreamChargeBatcher.ts";
import { createUsageFlusher, type UsageFlusher } from "./createUsageFlusher.ts";
import { creditCost } from "./creditCost.ts";
import { endpointGroup } from "./endpointGroup.ts";
import { KEY_SECRET_PATTERN } from "./generateKeySecret.ts";
import { hashKeySecret } from "./hashKeySecret.ts";
import type { BillingConfig } from "./loadBillingConfig.ts";
import { withHeaders } from "./withHeaders.ts";

/** Billing of one authenticated stream connection: 1 credit per delivered event. */
export type StreamBilling = {
  caller: Caller;
  /** The key may subscribe to the restricted screener channels (admin CLI `set-screener-streams`). */
  screenerStreams: boolean;
  /**
   * Bills `events` delivered events on `channel` (recorded as `stream:<channel>`). Throws the
   * same 402/403 ApiErrors as REST calls; the stream closes with 4402 and `details.action`.
   * @returns credits left after the charge
   */
  charge(channel: string, events: number): Promise<number>;
};

/** The billing gate plus what streams, the usage endpoints and shutdown need from it. */
export type BillingGate = RequestGate & {
  store: BillingStore;
  flusher: UsageFlusher;
  /** Authenticates the first frame of a stream connection. */
  openStream(rawKey: string | undefined): Promise<StreamBilling>;
  /** Stops the flusher after a last flush. */
  close(): Promise<void>;
};

/** Status recorded in usage for an answer whose connection closed before it was delivered. */
const CLIENT_CLOSED_STATUS = 499;

/** The 402 action a billing state asks of the client (see the spec's Errors section). */
const STATE_ACTIONS: Record<string, string> = {
  pending: "account_pending",
  verify_payment: "verify_payment",
  payment_processing: "payment_processing",
  payment_failed: "update_payment_method",
};

function headerValue(v: string | string[] | undefined): string | undefined {
  return Array.isArray(v) ? v[0] : v;
}

/** `X-RateLimit-*` headers of a decision: the minute limit, plus the burst cap. */
function rateHeaders(r: AdmitReply): Record<string, string> {
  return {
    "X-RateLimit-Limit": String(r.rpm),
    "X-RateLimit-Remaining": String(r.minuteRemaining),
    "X-RateLimit-Reset": String(Math.ceil(r.minuteResetMs / 1000)),
    "X-RateLimit-Burst-Limit": String(r.burst),
    "X-RateLimit-Burst-Remaining": String(r.burstRemaining),
  };
}

/**
 * Checks the raw `Authorization` value and returns its hash. Refusals are 401 `UNAUTHORIZED`
 * with `details.reason` = `missing_key` (no header) or `invalid_key` (malformed, unknown,
 * rotated away or revoked: the answer does not tell which, so it leaks nothing about keys).
 */
function keyHashOf(raw: string | undefined): string {
  if (raw === undefined || raw.trim() === "") {
    throw new UnauthorizedError(
      "missing API key: send it as the raw value of the Authorization header",
      "missing_key",
    );
  }
  const value = raw.trim();
  if (!KEY_SECRET_PATTERN.test(value)) {
    throw new UnauthorizedError(
      /^bearer\s/i.test(value)
        ? "invalid API key: send the key itself in the Authorization header, without a Bearer prefix"
        : "invalid API key",
      "invalid_key",
    );
  }
  return hashKeySecret(value);
}

/** Turns a refusing decision into the ApiError (with its headers) the client gets. */
function refusal(r: AdmitReply, headers: Record<string, string>): ApiError {
  const credits = { ...headers, "X-Credits-Remaining": String(Math.max(0, r.creditsRemaining)) };
  switch (r.outcome) {
    case "invalid":
      return new UnauthorizedError("invalid API key", "invalid_key");
    case "limited": {
      const retryAfter = String(Math.max(1, Math.ceil(r.retryMs / 1000)));
      return withHeaders(
        new RateLimitedError(
          `rate limit exceeded (${r.rpm} requests per minute, ${r.burst} per second); retry after ${r.retryMs} ms`,
          r.retryMs,
        ),
        {
          ...headers,
          ...(r.creditsRemaining >= 0 ? { "X-Credits-Remaining": String(r.creditsRemaining) } : {}),
          "Retry-After": retryAfter,
        },
      );
    }
    case "suspended":
      return withHeaders(
        new ForbiddenError(
          "account_suspended",
          "the account is suspended; zero-credit endpoints stay reachable",
        ),
        credits,
      );
    case "state": {
      const action = STATE_ACTIONS[r.state] ?? "contact_support";
      return withHeaders(
        new PaymentRequiredError(action, `the account needs a billing step: ${action}`),
        credits,
      );
    }
    default: {
      if (r.plan === "enterprise") {
        return withHeaders(
          new QuotaExceededError("the contracted monthly allowance is spent", {
            action: "contract_allowance_reached",
          }),
          credits,
        );
      }
      if (r.paymentMethod) {
        return withHeaders(
          new QuotaExceededError(
            "the monthly spend cap is reached; raise it in the portal or wait for next month",
            {
              action: "raise_spend_cap",
            },
          ),
          credits,
        );
      }
      return withHeaders(
        new PaymentRequiredError("add_payment_method", "no credits left: add a payment method in the portal"),
        credits,
      );
    }
  }
}

/**
 * The production request gate: API keys, per-key rate limits and credits, all decided in Redis
 * with one Lua script per decision (see billingScripts.ts).
 *
 * - admit: 401 without a valid key; 429 `RATE_LIMITED` with `Retry-After` over the minute limit,
 *   the burst cap, the batch item allowance (10x burst per second) or a group cap; on billable
 *   endpoints 403 for suspended accounts, 402 `PAYMENT_REQUIRED` for billing states, and 402
 *   (`QUOTA_EXCEEDED` or `PAYMENT_REQUIRED`) when the credits cannot cover the call. Admitted
 *   billable calls reserve their cost, so concurrent calls can never overspend.
 * - settle: charges only a delivered 2xx (per-item endpoints `amount * servedItems`), refunds the
 *   rest of the reservation, records usage, and returns `X-Credits-Remaining`. Settling twice
 *   charges once. A per-item call serving more items than it announced grows its reservation
 *   first; the Redis write then waits for the answer's delivery and is batched with the other
 *   settles of that event-loop turn (createSettleBatcher.ts), so a request waits for one Redis
 *   round trip in all.
 *
 * Refusals carry their headers in `err.headers`; the HTTP layer sends them with the error body.
 * Starts the usage flusher (Redis counters to Postgres) unless `flush` is false.
 */
export function createBillingGate(deps: {
  redis: Redis;
  pg: pg.Pool;
  config: BillingConfig;
  ctx: Context;
  flush?: boolean;
}): BillingGate {
  const store = createBillingStore(deps);
  const flusher = createUsageFlusher({ store, pg: deps.pg, config: deps.config, logger: deps.ctx.logger });
  if (deps.flush !== false) flusher.start();
  const decisions =
    (deps.ctx.metrics.getSingleMetric("tapeline_gate_decisions_total") as Counter<"outcome"> | undefined) ??
    new Counter({
      name: "tapeline_gate_decisions_total",
      help: "Request gate decisions by outcome",
      labelNames: ["outcome"],
      registers: [deps.ctx.metrics],
    });

  // Counters bound to each outcome once, instead of a label lookup per request.
  const decided = new Map<string, Counter.Internal>();
  function countDecision(outcome: string): void {
    let c = decided.get(outcome);
    if (!c) {
      c = decisions.labels(outcome);
      decided.set(outcome, c);
    }
    c.inc();
  }
  // A failed settle is retried for two reservation timeouts: it lands on its reservation, or on
  // the trace the sweep keeps of it, so a Redis outage shorter than that loses no charge.
  const background = createSettleBatcher({
    store,
    logger: deps.ctx.logger,
    metrics: deps.ctx.metrics,
    retryForMs: deps.config.reservationTimeoutMs * SETTLE_RETRY_TIMEOUTS,
    idleWaitMs: Math.min(deps.config.reservationTimeoutMs / 2, 10_000),
  });
  const streamCharges = createStreamChargeBatcher({
    store,
    settles: background,
    refusal: (r) => refusal(r, {}),
  });
  const throttle = createInvalidKeyThrottle();

  /**
   * The key's hash, after the invalid-key throttle of the client address: an address that sent
   * too many refused keys gets 429 before any store is asked (a key that passed lately excepted).
   */
  function throttledKeyHash(raw: string | undefined, ip: string): string {
    const value = raw?.trim() ?? "";
    const hash = KEY_SECRET_PATTERN.test(value) ? hashKeySecret(value) : null;
    const wait = throttle.waitMs(ip, hash);
    if (wait > 0 && value !== "") {
      countDecision("invalid_key_throttled");
      throw new RateLimitedError(
        `too many invalid API keys from this address; retry after ${wait} ms`,
        wait,
        { scope: "ip", reason: "invalid_keys" },
      );
    }
    if (hash !== null) return hash;
    try {
      return keyHashOf(raw);
    } catch (err) {
      if (value !== "") throttle.failed(ip);
      throw err;
    }
  }

  async function openStream(rawKey: string | undefined): Promise<StreamBilling> {
    const keyHash = keyHashOf(rawKey);
    const auth = await store.admit({
      keyHash,
      reservationId: "",
      endpoint: "stream",
      cost: 0,
      billable: false,
      batch: false,
      items: 1,
      group: "stream",
      skipRate: true,
    });
    if (auth.outcome !== "ok") throw refusal(auth, {});
    const caller = { accountId: auth.accountId, keyId: auth.keyId };
    return {
      caller,
      screenerStreams: await store.keyHasScreenerStreams(keyHash),
      async charge(channel, events) {
        if (events <= 0) return (await store.figures(caller.accountId))?.remaining ?? 0;
        return streamCharges.charge({ keyHash, caller, channel, events });
      },
    };
  }

  return {
    store,
    flusher,
    openStream,
    async close() {
      await background.idle();
      await flusher.stop();
    },

    async admit(input: GateInput): Promise<Admission> {
      const raw = headerValue(input.headers.authorization);
      const keyHash = throttledKeyHash(raw, input.ip);
      const { endpoint } = input;
      const items = Math.max(1, input.items);
      const billable = endpoint.credits.kind !== "free" && endpoint.credits.amount > 0;
      const reserve = creditCost(endpoint.credits, items);
      const name = `${endpoint.method} ${endpoint.path}`;
      const reservationId = billable ? randomUUID() : "";
      // Settles queued by earlier requests go first, so this decision sees them.
      background.send();
      const r = await store.admit({
        keyHash,
        reservationId,
        endpoint: name,
        cost: reserve,
        billable,
        batch: endpoint.batch === true,
        items,
        group: endpointGroup(endpoint.path),
        skipRate: false,
      });
      countDecision(r.outcome);
      if (r.outcome === "invalid") {
        throttle.failed(input.ip);
        throw refusal(r, {});
      }
      throttle.passed(keyHash);
      const headers = rateHeaders(r);
      if (r.outcome !== "ok") throw refusal(r, headers);
      if (billable) headers["X-Credits-Remaining"] = String(r.creditsRemaining);
      const caller = { accountId: r.accountId, keyId: r.keyId };
      let settled: Promise<Record<string, string>> | null = null;
      return {
        caller,
        headers,
        settle(result) {
          // One settle per admission, whatever the caller does: the reservation is spent once.
          settled ??= (async (): Promise<Record<string, string>> => {
            const ok = result.status >= 200 && result.status < 300;
            const cost =
              endpoint.credits.kind === "perItem"
                ? creditCost(endpoint.credits, result.servedItems)
                : reserve;
            // Only 2xx is charged; anything else gives the whole reservation back.
            const charge = ok ? cost : 0;
            const settleArgs = {
              reservation: billable ? r.reservation : null,
              status: result.status,
              cost: charge,
              endpoint: name,
              keyId: r.keyId,
              accountId: r.accountId,
            };
            // The header is the balance the admit left plus this call's refund.
            let creditsAfter = r.creditsRemaining + reserve - charge;
            if (charge > reserve && settleArgs.reservation) {
              // More items served than announced: the reservation grows before the answer, so
              // a call the credits cannot cover becomes a 402 and the settle below is covered.
              const grown = await store.extendReservation(settleArgs.reservation, charge - reserve);
              if (grown.outcome === "gone") return {};
              if (grown.outcome === "quota") {
                background.add({ ...settleArgs, reservation: null, status: 402, cost: 0 });
                throw withHeaders(
                  new QuotaExceededError("the credits ran out before this call could be billed", {
                    action: "raise_spend_cap",
                  }),
                  { "X-Credits-Remaining": String(Math.max(0, grown.creditsRemaining)) },
                );
              }
              settleArgs.reservation = grown.reservation;
              creditsAfter = grown.creditsRemaining;
            }
            // Written once the answer is out, batched with the other settles of that event-loop
            // turn. An answer the client never got is billed nothing and counts as an error.
            void (result.delivered ?? Promise.resolve(true)).then((delivered) =>
              background.add(
                delivered ? settleArgs : { ...settleArgs, status: CLIENT_CLOSED_STATUS, cost: 0 },
              ),
            );
            return billable ? { "X-Credits-Remaining": String(creditsAfter) } : {};
          })();
          return settled as Promise<Record<string, string>>;
        },
      };
    },
  };
}
