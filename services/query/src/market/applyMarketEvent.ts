import type { MarketEvent } from "@tapeline/core";
import type { PoolRow } from "./readPoolRows.ts";

/**
 * The cache tags an event touches: its market key and its token key. Every cached answer computed
 * from a market's rows or a token's markets carries these tags, so dropping them drops exactly
 * the answers the event may have changed.
 */
export function marketEventTags(event: MarketEvent): [market: string, token: string] {
  return [event.market, `${event.chain}/${event.token}`];
}

/**
 * A market's stored row after `event`, as the ingest wrote it: a state event carries the row's
 * price and liquidity, a trade moves its last trade time forward (the writer keeps the greatest).
 * `null` when the row must be read again: a new market, a launchpad change, or a rollback (the
 * row went back to the ancestor's state, which only the store holds).
 */
export function applyMarketEvent(row: PoolRow, event: MarketEvent): PoolRow | null {
  switch (event.type) {
    case "market":
      return { ...row, priceNative: event.priceNative, liquidityNative: event.liquidityNative };
    case "trade":
      return row.lastTradeAt !== null && row.lastTradeAt >= event.trade.at
        ? row
        : { ...row, lastTradeAt: event.trade.at };
    default:
      return null;
  }
}
