import { type ChainId, type MarketEvent, marketKey, type TradeRow } from "@tapeline/core";

/**
 * The `seq`-th trade event of a market as the ingest publishes it (shape only: the stream server
 * under test does not read a chain), with ids `<idPrefix><seq>`.
 */
export function tradeEvent(
  m: { chain: ChainId; pool: string; token: string },
  seq: number,
  over: Partial<TradeRow> = {},
  idPrefix = "t",
): MarketEvent {
  return {
    type: "trade",
    chain: m.chain,
    market: marketKey(m.chain, m.pool),
    pool: m.pool,
    token: m.token,
    trade: {
      id: `${idPrefix}${seq}`,
      at: 1_700_000_000_000 + seq,
      maker: `0x${"44".repeat(20)}`,
      isBuy: seq % 2 === 0,
      amountToken: seq,
      amountQuote: 1,
      quoteToken: { address: `0x${"00".repeat(20)}`, symbol: "ETH", name: null, decimals: 18 },
      priceNative: 0.001,
      priceUsd: null,
      volumeNative: seq / 1000,
      volumeUsd: null,
      feesNative: null,
      isProTrader: null,
      isSniper: null,
      isWash: null,
      preconfirmed: false,
      txHash: `0x${seq.toString(16).padStart(64, "0")}`,
      block: seq,
      logIndex: 0,
      poolAddress: m.pool,
      ...over,
    },
  };
}
