/**
 * The trade ids a hub delivered last, per market. The bus is at least once on the publishing
 * side (a publish cut off by a Redis restart is sent again, and the stream can then hold the
 * trade twice, next to each other), so a trade seen among its market's last ids is a duplicate.
 * A rollback forgets its orphaned ids: a replacement trade may carry the same id and must reach
 * subscribers again.
 */
export type RecentTradeIds = {
  /** true when `id` was among the market's recent trades; otherwise records it */
  seen(market: string, id: string): boolean;
  forget(market: string, ids: readonly string[]): void;
};

export function createRecentTradeIds(options: { perMarket: number; markets: number }): RecentTradeIds {
  const byMarket = new Map<string, string[]>();
  return {
    seen(market, id) {
      let ids = byMarket.get(market);
      if (ids?.includes(id)) return true;
      if (!ids) {
        // Map keeps insertion order: the market first seen longest ago goes first.
        if (byMarket.size >= options.markets) byMarket.delete(byMarket.keys().next().value!);
        ids = [];
        byMarket.set(market, ids);
      }
      ids.push(id);
      if (ids.length > options.perMarket) ids.shift();
      return false;
    },
    forget(market, ids) {
      const recent = byMarket.get(market);
      if (!recent || ids.length === 0) return;
      const orphaned = new Set(ids);
      byMarket.set(
        market,
        recent.filter((id) => !orphaned.has(id)),
      );
    },
  };
}
