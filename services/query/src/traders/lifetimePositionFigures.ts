/** What a lifetime ranking row's position figures are drawn from. */
export type LifetimePositionInput = {
  /** whole tokens bought minus sold over the token's life (floored at 0); null when decimals are unknown */
  openTokens: number | null;
  /** native bought over whole tokens bought; null without buys or with an unknown native value */
  avgBuyPriceNative: number | null;
  /** sold minus bought native over the token's life; null when a trade's native value is unknown */
  realizedPnlNative: number | null;
  /** the token's current native price (its main pool's); null when unknown */
  priceNative: number | null;
  /** the current native/USD rate; null when unknown */
  nativeUsd: number | null;
};

export type LifetimePositionFigures = {
  positionValueNative: number | null;
  positionValueUsd: number | null;
  unrealizedPnlNative: number | null;
  unrealizedPnlUsd: number | null;
  totalPnlNative: number | null;
  totalPnlUsd: number | null;
};

const times = (a: number | null, b: number | null) => (a === null || b === null ? null : a * b);

/**
 * The position figures of a token's lifetime ranking (rules in the traders README): the open
 * tokens valued at the current price; unrealized = that value minus the open tokens at the
 * wallet's average buy price; total = the lifetime native cashflow plus the value, what the wallet
 * would be left with after selling the rest now. A wallet with nothing open has a position of 0
 * whatever the price. USD at the current native rate.
 * @example lifetimePositionFigures({ openTokens: 10, avgBuyPriceNative: 0.1, realizedPnlNative: -1, priceNative: 0.2, nativeUsd: 100 }).totalPnlNative // 1
 */
export function lifetimePositionFigures(x: LifetimePositionInput): LifetimePositionFigures {
  const value = x.openTokens === 0 ? 0 : times(x.openTokens, x.priceNative);
  const cost = x.openTokens === 0 ? 0 : times(x.openTokens, x.avgBuyPriceNative);
  const unrealized = value === null || cost === null ? null : value - cost;
  const total = value === null || x.realizedPnlNative === null ? null : x.realizedPnlNative + value;
  return {
    positionValueNative: value,
    positionValueUsd: times(value, x.nativeUsd),
    unrealizedPnlNative: unrealized,
    unrealizedPnlUsd: times(unrealized, x.nativeUsd),
    totalPnlNative: total,
    totalPnlUsd: times(total, x.nativeUsd),
  };
}
