import type { ChainId } from "../chainId.ts";
import type { VenueType } from "../domain.ts";
import type { TradeRow } from "../ports/marketQueries.ts";
import { hash32 } from "../sharding.ts";

/**
 * The market events the ingest publishes after each committed write, one bus topic per chain and
 * bus partition (`markets.<chain>.<partition>`), keyed by the market key `<chain>/<pool>`. All
 * events of one market travel on one topic, so a consumer sees them in the order the ingest
 * committed them: a new market before its first trade, a rollback before any replacement trade.
 *
 * Numbers that can exceed 2^53 (raw amounts, reserves) are decimal text; block numbers (EVM
 * block, Solana slot) are numbers.
 */
export type MarketEvent = TradeEvent | MarketStateEvent | NewMarketEvent | LaunchpadEvent | RollbackEvent;

type MarketEventBase = {
  chain: ChainId;
  /** market key `<chain>/<pool>` */
  market: string;
  pool: string;
  /** the market's token (the non-quote side) */
  token: string;
};

/**
 * A trade that was inserted (never one rewritten by a replay), as the REST tape serves it. Its USD
 * figures use the native/USD rate known at publish time (Solana: the trade's minute, which may
 * still move while that minute is open; EVM: the spot rate), so they can differ slightly from a
 * later tape read.
 */
export type TradeEvent = MarketEventBase & {
  type: "trade";
  trade: TradeRow;
  /**
   * The trade's native price and volume exactly as stored (decimal text), for a reader that
   * must add them up as the store's own sums do (a query shard's windowed figures). Absent from
   * an ingest that predates it: such a reader then reads the store again.
   */
  exact?: {
    priceNative: string | null;
    volumeNative: string | null;
    /**
     * Whole token units as the candle buckets add them up; null when the trade is in no candle
     * (no price, or a side's decimals unknown). Absent from an older ingest: a shard keeping
     * candles then reads the store again.
     */
    volumeToken?: string | null;
  };
};

/** A market's state as a write left it (raw values; USD figures are derived by readers). */
export type MarketStateEvent = MarketEventBase & {
  type: "market";
  quote: string;
  /** block (slot) of the state; null when the ingest did not say */
  block: number | null;
  /** whole native units per whole token */
  priceNative: string | null;
  /** whole quote units per whole token */
  priceQuote: string | null;
  /** liquidity valued in whole native units */
  liquidityNative: string | null;
  reserve0: string | null;
  reserve1: string | null;
};

/** A market stored for the first time. */
export type NewMarketEvent = MarketEventBase & {
  type: "newMarket";
  quote: string;
  venueType: VenueType;
  exchangeName: string | null;
  launchpad: string | null;
  isLaunchpad: boolean;
  createdAt: number | null;
  createdBlock: number | null;
};

/**
 * A launchpad market's lifecycle as a write left it: `created` when the market is new,
 * `completed` once it migrated or graduated, `progress` for a bonding-curve change in between.
 */
export type LaunchpadEvent = MarketEventBase & {
  type: "launchpad";
  phase: "created" | "progress" | "completed";
  launchpad: string | null;
  bondingProgress: number | null;
  migrated: boolean | null;
  graduatedAt: number | null;
  creator: string | null;
};

/**
 * The ingest rolled the chain back to `ancestorBlock`: `orphanedTradeIds` (possibly empty when
 * only the market's state changed) are no longer on the chain, and the market's state is what it
 * was at the ancestor. Published before any trade of the replacing blocks.
 */
export type RollbackEvent = MarketEventBase & {
  type: "rollback";
  ancestorBlock: number;
  orphanedTradeIds: string[];
};

/**
 * Bus partitions per chain. A key's bus partition is its virtual partition (see `partitionOf`)
 * modulo this, as long as the shard map's partition count is a multiple of it (4096 is), so a
 * shard owning virtual partition v reads bus partition `v % BUS_PARTITIONS`. Never change it on a
 * live deployment: keys would move between topics.
 */
export const BUS_PARTITIONS = 16;

/** The bus partition of a key, in `[0, BUS_PARTITIONS)`. */
export function busPartitionOf(key: string): number {
  return hash32(key) % BUS_PARTITIONS;
}

/** The topic of one chain's bus partition. */
export function marketEventTopic(chain: ChainId, partition: number): string {
  return `markets.${chain}.${partition}`;
}

/** The topic a market's events travel on. */
export function marketEventTopicOf(marketKey: string): string {
  const chain = marketKey.slice(0, marketKey.indexOf("/")) as ChainId;
  return marketEventTopic(chain, busPartitionOf(marketKey));
}

/** Every topic of the given chains, restricted to `partitions` when given. */
export function marketEventTopics(
  chains: readonly ChainId[],
  partitions: readonly number[] = Array.from({ length: BUS_PARTITIONS }, (_, p) => p),
): string[] {
  return chains.flatMap((chain) => partitions.map((p) => marketEventTopic(chain, p)));
}
