import type { StatsTrade, TradeRow } from "@tapeline/core";

/**
 * A trade row (bus trade event, or a stored trade read as one) as the rolling stats take it. The
 * USD figures are the row's own (the trade's minute on Solana); an EVM reader values the native
 * figures at spot instead. Fees in USD use the row's own rate.
 */
export function toStatsTrade(
  chain: string,
  row: Pick<
    TradeRow,
    | "at"
    | "isBuy"
    | "maker"
    | "priceNative"
    | "volumeNative"
    | "volumeUsd"
    | "feesNative"
    | "isWash"
    | "poolAddress"
  >,
): StatsTrade {
  const rate =
    row.volumeUsd !== null && row.volumeNative !== null && row.volumeNative > 0
      ? row.volumeUsd / row.volumeNative
      : null;
  return {
    market: `${chain}/${row.poolAddress}`,
    at: row.at,
    isBuy: row.isBuy,
    maker: row.maker,
    volumeNative: row.volumeNative ?? 0,
    volumeUsd: row.volumeUsd,
    feesNative: row.feesNative,
    feesUsd: row.feesNative === null || rate === null ? null : row.feesNative * rate,
    priceNative: row.priceNative,
    isWash: row.isWash,
  };
}
