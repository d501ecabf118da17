import { type ChainId, NonRetryableJobError, parseChainId } from "@tapeline/core";
import type { ProcessorMap } from "../index.ts";
import { recomputeWalletBadges } from "./recomputeWalletBadges.ts";
import { slideTraderWindows } from "./slideTraderWindows.ts";

/** The queue the badge runs are scheduled on (a queue every jobs worker takes by default). */
export const TRADER_QUEUE = "jobs";

/** Job names of the trader group. */
export const TraderJobs = {
  /** recompute a chain's wallet badges (`{ chain }`), repeated every WALLET_BADGE_EVERY_MS */
  walletBadges: "wallet-badges",
  /** slide the trader window rows (every timeframe) to the current minute, repeated every TRADER_WINDOWS_EVERY_MS */
  traderWindows: "trader-windows",
} as const;

/**
 * The trader processors: each badge run judges the chain's wallets active in 90 days; each
 * window run slides the sliding timeframes' rows (every chain's at once).
 */
export const traderProcessors: ProcessorMap = {
  async [TraderJobs.walletBadges](job, deps) {
    if (!deps.pool) throw new NonRetryableJobError("wallet-badges needs DATABASE_URL");
    let chain: ChainId;
    try {
      chain = parseChainId((job.data as { chain?: unknown } | null)?.chain);
    } catch (err) {
      throw new NonRetryableJobError(`wallet-badges: ${(err as Error).message}`);
    }
    return { chain, ...(await recomputeWalletBadges(deps.pool, chain, Date.now())) };
  },
  async [TraderJobs.traderWindows](_job, deps) {
    if (!deps.pool) throw new NonRetryableJobError("trader-windows needs DATABASE_URL");
    return { slides: await slideTraderWindows(deps.pool, Date.now()) };
  },
};
