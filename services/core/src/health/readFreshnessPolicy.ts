import type { createEnvReader } from "../config.ts";
import { DEFAULT_FRESHNESS_POLICY, type FreshnessPolicy, KNOWN_BLOCK_TIMES_MS } from "./chainFreshness.ts";

/**
 * Reads the freshness policy of readiness: `READY_STALE_BLOCKS` (default 5),
 * `READY_STALE_MIN_MS` (default 30000) and `READY_BLOCK_TIMES` (`chain=ms` pairs separated by
 * commas, over the built-in block times). Problems go to the reader's list.
 */
export function readFreshnessPolicy(r: ReturnType<typeof createEnvReader>): FreshnessPolicy {
  const blockTimesMs: Record<string, number> = { ...KNOWN_BLOCK_TIMES_MS };
  for (const pair of (r.optional("READY_BLOCK_TIMES") ?? "").split(",")) {
    if (pair.trim() === "") continue;
    const [chain, ms] = pair.split("=").map((s) => s.trim());
    const n = Number(ms);
    if (!chain || !Number.isInteger(n) || n < 1) {
      r.problems.push(`READY_BLOCK_TIMES: ${JSON.stringify(pair)} is not chain=milliseconds`);
      continue;
    }
    blockTimesMs[chain] = n;
  }
  return {
    staleBlocks: r.int("READY_STALE_BLOCKS", DEFAULT_FRESHNESS_POLICY.staleBlocks, 1, 1_000_000),
    minStaleMs: r.int("READY_STALE_MIN_MS", DEFAULT_FRESHNESS_POLICY.minStaleMs, 0),
    blockTimesMs,
  };
}
