/** Invalid-key attempts one address may make at once, and how fast that allowance comes back. */
export const INVALID_KEY_BURST = 10;
export const INVALID_KEY_PER_MINUTE = 10;
/** Addresses remembered per process; the least recently failing ones are forgotten beyond it. */
export const INVALID_KEY_MAX_ADDRESSES = 100_000;
/** Keys that passed recently still pass from a throttled address (one bad client behind a shared NAT). */
const KNOWN_KEY_TTL_MS = 10 * 60_000;
const KNOWN_KEY_MAX = 100_000;

export type InvalidKeyThrottle = {
  /** ms to wait before this address may try another key (0: it may), unless the key passed lately. */
  waitMs(ip: string, keyHash: string | null, now?: number): number;
  /** Records a refused key (malformed, unknown, revoked) from this address. */
  failed(ip: string, now?: number): void;
  /** Records a key that passed, so a throttled address can still use it. */
  passed(keyHash: string, now?: number): void;
  /** Addresses currently remembered (bounded by `maxAddresses`). */
  size(): number;
};

/**
 * Per-process throttle of invalid API keys by client address, consulted before any store: a
 * token bucket per address (`burst` failures at once, `perMinute` coming back), in a Map bounded
 * at `maxAddresses` entries in least-recently-failed order. An attacker cycling addresses can push
 * older entries out, which only gives those addresses their first `burst` attempts again.
 */
export function createInvalidKeyThrottle(
  opts: { burst?: number; perMinute?: number; maxAddresses?: number } = {},
): InvalidKeyThrottle {
  const burst = opts.burst ?? INVALID_KEY_BURST;
  const perMs = (opts.perMinute ?? INVALID_KEY_PER_MINUTE) / 60_000;
  const maxAddresses = opts.maxAddresses ?? INVALID_KEY_MAX_ADDRESSES;
  const buckets = new Map<string, { tokens: number; at: number }>();
  const known = new Map<string, number>();

  function tokensOf(ip: string, now: number): number {
    const b = buckets.get(ip);
    if (!b) return burst;
    return Math.min(burst, b.tokens + (now - b.at) * perMs);
  }

  return {
    waitMs(ip, keyHash, now = Date.now()) {
      const tokens = tokensOf(ip, now);
      if (tokens >= 1) return 0;
      if (keyHash !== null) {
        const until = known.get(keyHash);
        if (until !== undefined && until > now) return 0;
      }
      return Math.ceil((1 - tokens) / perMs);
    },
    failed(ip, now = Date.now()) {
      const tokens = Math.max(0, tokensOf(ip, now) - 1);
      buckets.delete(ip);
      buckets.set(ip, { tokens, at: now });
      if (buckets.size > maxAddresses) buckets.delete(buckets.keys().next().value as string);
    },
    passed(keyHash, now = Date.now()) {
      known.delete(keyHash);
      known.set(keyHash, now + KNOWN_KEY_TTL_MS);
      if (known.size > KNOWN_KEY_MAX) known.delete(known.keys().next().value as string);
    },
    size: () => buckets.size,
  };
}
