import { createEnvReader } from "@tapeline/core";
import type { BillingProvider } from "./BillingProvider.ts";
import { createLocalBillingProvider } from "./createLocalBillingProvider.ts";

/** Default and per-key rate limits. A batch counts one request; its items count against `itemsPerSecond`. */
export type RateLimits = {
  /** Requests per rolling minute. */
  perMinute: number;
  /** Requests per second (the burst cap). */
  burstPerSecond: number;
  /** Per-group caps, items per second, keyed by the first path segment after `/v1/` (`wallet`, `token`). */
  groupCaps: Record<string, number>;
};

/**
 * Billing, credits and rate-limit settings. Every field names its environment variable and default.
 */
export type BillingConfig = {
  /** `BILLING_REDIS_PREFIX`, default `tl:billing:`: prefix of every Redis key the billing layer owns. */
  redisPrefix: string;
  /**
   * `BILLING_PRICE_PER_CREDIT_USD`, default `0.00001`: the price of one credit, as nano-USD
   * (10^-9 USD) so the cap arithmetic stays in integers.
   */
  priceNanoUsdPerCredit: bigint;
  /** `BILLING_FREE_CREDITS`, default 100000: credits granted once, when a payment method is first added. */
  freeCredits: number;
  /** `BILLING_DEFAULT_SPEND_CAP_USD`, default 10000 (0 to 100000): monthly spend cap of new accounts. */
  defaultSpendCapUsd: number;
  /** `RATE_LIMIT_PER_MINUTE` (default 1200), `RATE_LIMIT_BURST_PER_SECOND` (default 40), `RATE_LIMIT_GROUP_CAPS` (default `wallet=200`). */
  defaults: RateLimits;
  /** The item allowance is this factor times the burst cap (fixed by the contract at 10). */
  itemFactor: number;
  /** `DEMO_RATE_PER_MINUTE` (default 60) and `DEMO_BURST_PER_SECOND` (default 5): the demo listener, per client IP. */
  demo: { perMinute: number; burstPerSecond: number };
  /** `USAGE_FLUSH_INTERVAL_MS`, default 5000: how often Redis usage counters are written to Postgres. */
  usageFlushIntervalMs: number;
  /**
   * `BILLING_RESERVATION_TIMEOUT_MS`, default 300000: credits reserved by a request that never
   * settled (its process died) are given back after this long.
   */
  reservationTimeoutMs: number;
  /** `PORTAL_SESSION_HOURS`, default 12: lifetime of a portal sign-in. */
  portalSessionHours: number;
  /** `PORTAL_SECURE_COOKIE`, default false: mark the portal cookie `Secure` (set it behind TLS). */
  portalSecureCookie: boolean;
  /** `BILLING_PROVIDER`, default `local`: the payment provider. `local` needs no payment network. */
  provider: BillingProvider;
};

/** Parses `RATE_LIMIT_GROUP_CAPS`: `group=itemsPerSecond` pairs separated by commas. */
function parseGroupCaps(raw: string, problems: string[]): Record<string, number> {
  const caps: Record<string, number> = {};
  if (raw.trim() === "") return caps;
  for (const part of raw.split(",")) {
    const m = /^\s*([a-z][a-z0-9-]*)\s*=\s*(\d+)\s*$/.exec(part);
    if (!m || Number(m[2]) <= 0) {
      problems.push(`RATE_LIMIT_GROUP_CAPS entries must look like wallet=200, got ${JSON.stringify(part)}`);
      continue;
    }
    caps[m[1]!] = Number(m[2]);
  }
  return caps;
}

/** Parses a positive USD decimal string into nano-USD, exactly. */
function parseNanoUsd(raw: string, problems: string[]): bigint {
  const m = /^(\d+)(?:\.(\d{1,9}))?$/.exec(raw.trim());
  if (!m) {
    problems.push(
      `BILLING_PRICE_PER_CREDIT_USD must be a decimal with at most 9 places, got ${JSON.stringify(raw)}`,
    );
    return 10_000n;
  }
  const nano = BigInt(m[1]!) * 1_000_000_000n + BigInt((m[2] ?? "").padEnd(9, "0"));
  if (nano <= 0n) {
    problems.push("BILLING_PRICE_PER_CREDIT_USD must be above 0");
    return 10_000n;
  }
  return nano;
}

/**
 * Reads the billing configuration from the environment; every problem is collected and thrown
 * together as a ConfigError.
 * @param env the environment (default `process.env`)
 * @param overrides fields to set directly (tests, embedded stacks, a custom provider)
 */
export function loadBillingConfig(
  env: Record<string, string | undefined> = process.env,
  overrides: Partial<BillingConfig> = {},
): BillingConfig {
  const r = createEnvReader(env);
  // Only the local provider ships; a hosted deployment passes its own through `overrides.provider`.
  r.oneOf("BILLING_PROVIDER", ["local"] as const, "local");
  const config: BillingConfig = {
    redisPrefix: r.string("BILLING_REDIS_PREFIX", "tl:billing:"),
    priceNanoUsdPerCredit: parseNanoUsd(r.string("BILLING_PRICE_PER_CREDIT_USD", "0.00001"), r.problems),
    freeCredits: r.int("BILLING_FREE_CREDITS", 100_000, 0),
    defaultSpendCapUsd: r.int("BILLING_DEFAULT_SPEND_CAP_USD", 10_000, 0, 100_000),
    defaults: {
      perMinute: r.int("RATE_LIMIT_PER_MINUTE", 1200, 1),
      burstPerSecond: r.int("RATE_LIMIT_BURST_PER_SECOND", 40, 1),
      groupCaps: parseGroupCaps(r.string("RATE_LIMIT_GROUP_CAPS", "wallet=200"), r.problems),
    },
    itemFactor: 10,
    demo: {
      perMinute: r.int("DEMO_RATE_PER_MINUTE", 60, 1),
      burstPerSecond: r.int("DEMO_BURST_PER_SECOND", 5, 1),
    },
    usageFlushIntervalMs: r.int("USAGE_FLUSH_INTERVAL_MS", 5000, 100),
    reservationTimeoutMs: r.int("BILLING_RESERVATION_TIMEOUT_MS", 300_000, 10_000),
    portalSessionHours: r.int("PORTAL_SESSION_HOURS", 12, 1, 24 * 30),
    portalSecureCookie: r.bool("PORTAL_SECURE_COOKIE", false),
    provider: createLocalBillingProvider(),
  };
  r.done();
  return { ...config, ...overrides };
}
