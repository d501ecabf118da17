import {
  type ChainId,
  chainFamily,
  formatUnits,
  type MarketEvent,
  type MarketStateEvent,
  marketKey,
  type TradeRecord,
  toApiTradeRow,
} from "@tapeline/core";
import type { IngestBatch, WriteBatchResult } from "../writer/IngestBatch.ts";

/** Token facts a trade row needs, by token address. */
export type TokenFacts = ReadonlyMap<
  string,
  { name: string | null; symbol: string | null; decimals: number | null }
>;

/** What the events of a committed batch are built from besides the batch itself. */
export type BatchEventContext = {
  /** stored facts of the batch's trade tokens and quotes */
  tokens: TokenFacts;
  /** the chain's native coin, standing in for a native quote without a token row */
  native: { address: string; symbol: string | null; decimals: number | null };
  /** the native/USD rate a trade row is valued at (null when unknown) */
  usdOf: (trade: TradeRecord) => number | null;
  /** the stored rows of the batch's pools after the commit, by market key */
  pools: ReadonlyMap<string, StoredPool>;
};

/** A pool row as stored (numerics as text). */
export type StoredPool = {
  market: string;
  address: string;
  tokenAddress: string;
  quoteAddress: string;
  venueType: string;
  exchangeName: string | null;
  launchpad: string | null;
  isLaunchpad: boolean;
  bondingProgress: number | null;
  migrated: boolean;
  graduatedAt: number | null;
  creator: string | null;
  reserve0: string | null;
  reserve1: string | null;
  priceNative: string | null;
  priceQuote: string | null;
  liquidityNative: string | null;
  createdAt: number | null;
  createdBlock: number | null;
  updatedBlock: number | null;
};

/**
 * The market events of a committed batch, in the order consumers must see them: new markets, then
 * the inserted trades in batch (chain) order, then each written market's stored state and, for
 * launchpad markets, its lifecycle. Trades that were already stored (a replay) are left out.
 */
export function buildBatchEvents(
  batch: IngestBatch,
  written: WriteBatchResult,
  ctx: BatchEventContext,
): MarketEvent[] {
  const chain = batch.chain;
  const solana = chainFamily(chain) === "solana";
  const isNew = new Set(written.newMarkets);
  const stored = [...new Set(batch.pools.map((p) => marketKey(p.chain, p.address)))]
    .map((key) => ctx.pools.get(key))
    .filter((p): p is StoredPool => p !== undefined);
  const events: MarketEvent[] = [];
  const base = (p: StoredPool) => ({ chain, market: p.market, pool: p.address, token: p.tokenAddress });

  for (const p of stored) {
    if (!isNew.has(p.market)) continue;
    events.push({
      ...base(p),
      type: "newMarket",
      quote: p.quoteAddress,
      venueType: p.venueType,
      exchangeName: p.exchangeName,
      launchpad: p.launchpad,
      isLaunchpad: p.isLaunchpad,
      createdAt: p.createdAt,
      createdBlock: p.createdBlock,
    });
  }

  const inserted = new Set(written.insertedTradeIds);
  for (const t of batch.trades) {
    if (!inserted.has(t.id)) continue;
    const tokenFacts = ctx.tokens.get(t.tokenAddress);
    const quoteFacts = ctx.tokens.get(t.quoteAddress);
    const nativeQuote = t.quoteAddress === ctx.native.address;
    events.push({
      chain,
      market: marketKey(chain, t.pool),
      pool: t.pool,
      token: t.tokenAddress,
      type: "trade",
      exact: {
        priceNative: t.priceNative,
        volumeNative: t.volumeNative,
        // the candle buckets hold priced trades whose token and quote both have stored decimals
        volumeToken:
          t.priceNative === null || tokenFacts?.decimals == null || quoteFacts?.decimals == null
            ? null
            : formatUnits(t.amountToken, tokenFacts.decimals),
      },
      trade: toApiTradeRow(
        {
          id: t.id,
          at: t.at,
          maker: t.maker,
          isBuy: t.isBuy,
          amountToken: t.amountToken.toString(),
          amountQuote: t.amountQuote.toString(),
          priceNative: t.priceNative,
          volumeNative: t.volumeNative,
          feesNative: t.feesNative,
          isWash: t.isWash,
          preconfirmed: t.preconfirmed,
          txHash: t.txHash,
          block: Number(t.block),
          logIndex: t.logIndex,
          poolAddress: t.pool,
          tokenDecimals: tokenFacts?.decimals ?? null,
          quote: {
            address: t.quoteAddress,
            symbol: quoteFacts?.symbol ?? (nativeQuote ? ctx.native.symbol : null),
            name: quoteFacts?.name ?? null,
            decimals: quoteFacts?.decimals ?? (nativeQuote ? ctx.native.decimals : null),
          },
        },
        ctx.usdOf(t),
        solana,
      ),
    });
  }

  for (const p of stored) {
    events.push(marketStateEvent(chain, p));
    if (p.isLaunchpad || p.launchpad !== null) {
      const completed = p.migrated || p.graduatedAt !== null;
      events.push({
        ...base(p),
        type: "launchpad",
        phase: isNew.has(p.market) ? "created" : completed ? "completed" : "progress",
        launchpad: p.launchpad,
        bondingProgress: p.bondingProgress,
        migrated: p.migrated,
        graduatedAt: p.graduatedAt,
        creator: p.creator,
      });
    }
  }
  return events;
}

/** A market's stored state as an event. */
export function marketStateEvent(chain: ChainId, p: StoredPool): MarketStateEvent {
  return {
    chain,
    market: p.market,
    pool: p.address,
    token: p.tokenAddress,
    type: "market",
    quote: p.quoteAddress,
    block: p.updatedBlock,
    priceNative: p.priceNative,
    priceQuote: p.priceQuote,
    liquidityNative: p.liquidityNative,
    reserve0: p.reserve0,
    reserve1: p.reserve1,
  };
}
