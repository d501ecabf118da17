/**
 * When a chain counts as stale: its head has not moved for `staleBlocks` block times, and never
 * sooner than `minStaleMs` (a slow or bursty chain is not flagged for ordinary jitter).
 */
export type FreshnessPolicy = {
  /** `READY_STALE_BLOCKS`: block times without a new head before the chain is not ready. @defaultValue 5 */
  staleBlocks: number;
  /** `READY_STALE_MIN_MS`: the shortest staleness window whatever the block time. @defaultValue 30000 */
  minStaleMs: number;
  /**
   * `READY_BLOCK_TIMES` (`chain=ms,…`) over the built-in block times of known chains; a chain
   * found in neither uses 2000 ms.
   */
  blockTimesMs: Readonly<Record<string, number>>;
};

/** Block times of the chains the project knows, in ms (their target slot or block interval). */
export const KNOWN_BLOCK_TIMES_MS: Readonly<Record<string, number>> = {
  "evm:1": 12_000,
  "evm:10": 2_000,
  "evm:56": 3_000,
  "evm:8453": 2_000,
  "evm:42161": 250,
  solana: 400,
};

const DEFAULT_BLOCK_TIME_MS = 2_000;

/** The policy of a process that sets nothing. */
export const DEFAULT_FRESHNESS_POLICY: FreshnessPolicy = {
  staleBlocks: 5,
  minStaleMs: 30_000,
  blockTimesMs: KNOWN_BLOCK_TIMES_MS,
};

/** A chain's freshness as readiness reports it. */
export type ChainFreshness = {
  /** Wall-clock ms since the ingest last wrote a new head (null: never). */
  headAgeMs: number | null;
  /** The head age past which the chain is stale. */
  staleAfterMs: number;
  /** false when stale, true when fresh, null before the first write. */
  fresh: boolean | null;
};

/**
 * Whether `chain`'s head moved recently enough, from the wall-clock time of the ingest's last
 * checkpoint write (`updatedAt`, ms). A checkpoint is written only when new blocks were
 * indexed, so a dead or stalled node, a failing worker and a stopped writer all age it.
 * @example chainFreshness("evm:1", now - 90_000, now) // { fresh: false, staleAfterMs: 60000, … }
 */
export function chainFreshness(
  chain: string,
  updatedAt: number | null,
  now: number,
  policy: FreshnessPolicy = DEFAULT_FRESHNESS_POLICY,
): ChainFreshness {
  const blockTime = policy.blockTimesMs[chain] ?? KNOWN_BLOCK_TIMES_MS[chain] ?? DEFAULT_BLOCK_TIME_MS;
  const staleAfterMs = Math.max(policy.minStaleMs, policy.staleBlocks * blockTime);
  if (updatedAt === null) return { headAgeMs: null, staleAfterMs, fresh: null };
  const headAgeMs = Math.max(0, now - updatedAt);
  return { headAgeMs, staleAfterMs, fresh: headAgeMs <= staleAfterMs };
}
