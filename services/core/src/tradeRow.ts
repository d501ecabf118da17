import type { TradeRow } from "./ports/marketQueries.ts";
import { rawToUnits } from "./rawToUnits.ts";

/**
 * A stored trade with the token facts an API trade row needs, as text the way Postgres returns
 * numerics (raw integer amounts, decimal prices). The REST tape and the live `trades` stream both
 * build their rows from this shape through {@link toApiTradeRow}, so a streamed trade and the same
 * trade read from `GET /v1/pool/trades` are one row.
 */
export type TradeRowSource = {
  id: string;
  at: number;
  maker: string;
  isBuy: boolean;
  /** raw integer amount of the market's token, decimal text */
  amountToken: string;
  /** raw integer amount of the quote, decimal text */
  amountQuote: string;
  priceNative: string | null;
  volumeNative: string | null;
  feesNative: string | null;
  isWash: boolean | null;
  preconfirmed: boolean;
  txHash: string;
  block: number;
  logIndex: number;
  poolAddress: string;
  tokenDecimals: number | null;
  quote: { address: string; symbol: string | null; name: string | null; decimals: number | null };
};

/**
 * A raw integer amount (decimal text) in whole units as a number: the exact decimal, rounded once
 * ({@link rawToUnits}, which divides most amounts once instead of building and parsing a decimal).
 */
function whole(raw: string, decimals: number | null): number | null {
  if (decimals === null) return null;
  return raw.startsWith("-") ? -rawToUnits(raw.slice(1), decimals) : rawToUnits(raw, decimals);
}
const num = (v: string | null): number | null => (v === null ? null : Number(v));

/**
 * The API trade row of a stored trade. `usd` is the native/USD rate the row is valued at (Solana:
 * the rate of the trade's minute; EVM: the current spot rate), null when unknown. Wash flags are
 * computed on Solana only (false when not flagged there, null elsewhere).
 */
export function toApiTradeRow(r: TradeRowSource, usd: number | null, solana: boolean): TradeRow {
  const priceNative = num(r.priceNative);
  const volumeNative = num(r.volumeNative);
  return {
    id: r.id,
    at: r.at,
    maker: r.maker,
    isBuy: r.isBuy,
    amountToken: whole(r.amountToken, r.tokenDecimals),
    amountQuote: whole(r.amountQuote, r.quote.decimals),
    quoteToken: { ...r.quote },
    priceNative,
    priceUsd: priceNative === null || usd === null ? null : priceNative * usd,
    volumeNative,
    volumeUsd: volumeNative === null || usd === null ? null : volumeNative * usd,
    feesNative: num(r.feesNative),
    isProTrader: null,
    isSniper: null,
    isWash: solana ? (r.isWash ?? false) : null,
    preconfirmed: r.preconfirmed,
    txHash: r.txHash,
    block: r.block,
    logIndex: r.logIndex,
    poolAddress: r.poolAddress,
  };
}
