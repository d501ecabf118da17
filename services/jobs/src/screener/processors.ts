import { type ChainId, NonRetryableJobError, parseChainId } from "@tapeline/core";
import type { ProcessorMap } from "../index.ts";

/** Job names of the screener. */
export const ScreenerJobs = {
  /** one computation of a chain's universe (`{ chain }`), repeated every few seconds per chain */
  universe: "screener-universe",
} as const;

/** The screener's processors: each universe run computes and stores the chain's next snapshot. */
export const screenerProcessors: ProcessorMap = {
  async [ScreenerJobs.universe](job, deps) {
    if (!deps.screener) throw new NonRetryableJobError("this jobs process runs no screener universe");
    let chain: ChainId;
    try {
      chain = parseChainId((job.data as { chain?: unknown } | null)?.chain);
    } catch (err) {
      throw new NonRetryableJobError(`screener-universe: ${(err as Error).message}`);
    }
    const snapshot = await deps.screener.refresh(chain);
    return { chain, version: snapshot.version, markets: snapshot.markets.length };
  },
};
