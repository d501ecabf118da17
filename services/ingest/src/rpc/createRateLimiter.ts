/** A token bucket: `take(n)` resolves once n request slots are free under `perSecond`. */
export type RateLimiter = { take(n?: number): Promise<void> };

/**
 * A per-endpoint request-rate cap (token bucket of one second's capacity). Infinity disables it.
 * @example const limiter = createRateLimiter(25); await limiter.take();
 */
export function createRateLimiter(perSecond: number): RateLimiter {
  if (!Number.isFinite(perSecond) || perSecond <= 0) return { take: async () => {} };
  let tokens = perSecond;
  let last = Date.now();
  let queue: Promise<void> = Promise.resolve();
  const refill = () => {
    const now = Date.now();
    tokens = Math.min(perSecond, tokens + ((now - last) / 1000) * perSecond);
    last = now;
  };
  return {
    take(n = 1) {
      // Callers queue so a large batch cannot starve the ones behind it.
      const next = queue.then(async () => {
        const need = Math.min(n, perSecond);
        refill();
        while (tokens < need) {
          await new Promise((r) => setTimeout(r, Math.ceil(((need - tokens) / perSecond) * 1000)));
          refill();
        }
        tokens -= need;
      });
      queue = next.catch(() => {});
      return next;
    },
  };
}
