import type { NewestMarket, StatsWindow, UniverseMarket } from "@tapeline/core";

const identity = (m: NewestMarket) => ({
  chain: m.chain,
  address: m.address,
  name: m.name,
  symbol: m.symbol,
  token: { address: m.address, name: m.name, symbol: m.symbol },
  pool: m.pool,
  type: m.pool.type,
  quote: { address: m.pool.quoteAddress, symbol: m.pool.quoteSymbol },
});

/** A universe market as a screener row at `nowMs`, carrying `stats` for `windows` only. */
export function toScreenerRow(m: UniverseMarket, windows: readonly StatsWindow[], nowMs: number) {
  const day = m.stats["24h"];
  return {
    ...identity(m),
    priceNative: m.priceNative,
    priceUsd: m.priceUsd,
    marketCapUsd: m.marketCapUsd,
    liquidityUsd: m.liquidityUsd,
    createdAt: m.createdAt,
    ageSeconds: m.createdAt === null ? null : Math.max(0, Math.floor((nowMs - m.createdAt) / 1000)),
    volume24hUsd: day.volumeUsd,
    priceChange24hPct: day.priceChangePct,
    txns: day.txns,
    buys: day.buys,
    sells: day.sells,
    stats: Object.fromEntries(windows.map((w) => [w, m.stats[w]])),
  };
}

/** A newest-markets row (`sortBy=createdAt`): identity, price and market cap. */
export function toNewestRow(m: NewestMarket) {
  return {
    ...identity(m),
    priceNative: m.priceNative,
    priceUsd: m.priceUsd,
    marketCapUsd: m.marketCapUsd,
    createdAt: m.createdAt,
  };
}
