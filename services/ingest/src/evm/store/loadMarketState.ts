import type { ChainId } from "@tapeline/core";
import type pg from "pg";
import type { EvmMarketState, EvmPool } from "../EvmMarketState.ts";
import { fromDecimal } from "../rational.ts";

type PoolRow = {
  market: string;
  address: string;
  venue_type: string;
  factory: string | null;
  exchange_name: string | null;
  fee_bps: number | null;
  token0: string;
  token1: string;
  token_address: string;
  reserve0: string | null;
  reserve1: string | null;
  liquidity: string | null;
  sqrt_price_x96: string | null;
  tick: number | null;
  liquidity_native: string | null;
  created_at: string | null;
  created_block: string | null;
  updated_block: string | null;
};

const big = (v: string | null) => (v === null ? null : BigInt(v));

/**
 * Fills the in-memory state from the database for what a range needs and memory lacks: the
 * pools of `markets`, the tokens of `tokens` (decimals, symbol), the native price of `quotes`
 * (from each quote token's best pool) and, when unknown, the chain's latest native/USD price.
 */
export async function loadMarketState(
  db: pg.Pool,
  chain: ChainId,
  state: EvmMarketState,
  need: { markets: string[]; tokens: string[]; quotes: string[] },
): Promise<void> {
  const markets = need.markets.filter((m) => !state.pools.has(m));
  if (markets.length > 0) {
    const res = await db.query<PoolRow>(
      `select market, address, venue_type, factory, exchange_name, fee_bps, token0, token1, token_address, reserve0,
         reserve1, liquidity, sqrt_price_x96, tick, liquidity_native, created_at, created_block, updated_block
       from pools where market = any($1::text[])`,
      [markets],
    );
    for (const r of res.rows) {
      const pool: EvmPool = {
        market: r.market,
        address: r.address,
        venueType: r.venue_type,
        factory: r.factory ?? "",
        exchangeName: r.exchange_name ?? "",
        feeBps: r.fee_bps,
        token0: r.token0,
        token1: r.token1,
        tokenIsToken0: r.token_address === r.token0,
        reserve0: big(r.reserve0),
        reserve1: big(r.reserve1),
        liquidity: big(r.liquidity),
        sqrtPriceX96: big(r.sqrt_price_x96),
        tick: r.tick,
        createdAt: r.created_at === null ? null : Number(r.created_at),
        createdBlock: big(r.created_block),
        updatedBlock: big(r.updated_block),
        liquidityNative: fromDecimal(r.liquidity_native),
      };
      state.pools.set(pool.market, pool);
    }
  }
  const tokens = need.tokens.filter((t) => !state.tokens.has(t));
  if (tokens.length > 0) {
    const res = await db.query<{ address: string; decimals: number | null; symbol: string | null }>(
      "select address, decimals, symbol from tokens where chain_id = $1 and address = any($2::text[])",
      [chain, tokens],
    );
    for (const r of res.rows)
      state.tokens.set(r.address, { address: r.address, decimals: r.decimals, symbol: r.symbol });
  }
  const quotes = need.quotes.filter((q) => !state.tokenNative.has(q));
  if (quotes.length > 0) {
    const res = await db.query<{
      address: string;
      market: string;
      price_native: string | null;
      liquidity_native: string | null;
    }>(
      `select t.address, p.market, p.price_native, p.liquidity_native from tokens t
       join pools p on p.market = t.chain_id || '/' || t.best_pool
       where t.chain_id = $1 and t.address = any($2::text[]) and p.price_native is not null`,
      [chain, quotes],
    );
    for (const r of res.rows) {
      const price = fromDecimal(r.price_native);
      if (price)
        state.tokenNative.set(r.address, { price, depth: fromDecimal(r.liquidity_native), market: r.market });
    }
  }
  if (!state.nativeUsd) {
    const res = await db.query<{ price_usd: string; source: string }>(
      "select price_usd, source from native_prices where chain_id = $1 order by minute desc limit 1",
      [chain],
    );
    const row = res.rows[0];
    const price = row ? fromDecimal(row.price_usd) : null;
    if (row && price) {
      const source = row.source.startsWith("pool:") ? `${chain}/${row.source.slice(5)}` : row.source;
      state.nativeUsd = { price, depth: null, market: source };
    }
  }
}
