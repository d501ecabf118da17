/**
 * Cache and atomic counters port (Redis in a cluster, in-memory in the dev stack).
 * Counters are the source of truth for credits and rate limits, so every mutation is atomic.
 */
export interface Cache {
  get(key: string): Promise<string | null>;
  set(key: string, value: string, ttlMs?: number): Promise<void>;
  del(key: string): Promise<void>;
  /** Atomically adds `by` and returns the new value; `ttlMs` is set when the key is created. */
  incrBy(key: string, by: number, ttlMs?: number): Promise<number>;
  /**
   * Atomically subtracts `amount` only if the result stays >= `floor`.
   * @returns the new value, or null when the debit was refused (nothing changed).
   */
  debitIfAvailable(key: string, amount: number, floor?: number): Promise<number | null>;
  close(): Promise<void>;
}
