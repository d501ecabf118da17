import type { ChainId } from "@tapeline/core";
import type { MarketDb } from "../market/MarketDb.ts";
import type { MainPool } from "./MainPool.ts";

/** What a position row shows of a token. */
export type PortfolioToken = {
  address: string;
  name: string | null;
  symbol: string | null;
  decimals: number | null;
  totalSupply: bigint | null;
  deployer: string | null;
  iconUrl: string | null;
  bestPool: string | null;
};

const num = (v: string | null): number | null => (v === null ? null : Number(v));
const big = (v: string | null): bigint | null => (v === null ? null : BigInt(v));

/** Token rows of a chain by address (unknown tokens absent). */
export async function readPortfolioTokens(
  db: MarketDb,
  chain: ChainId,
  addresses: readonly string[],
): Promise<Map<string, PortfolioToken>> {
  const out = new Map<string, PortfolioToken>();
  if (addresses.length === 0) return out;
  const { rows } = await db.query<{
    address: string;
    name: string | null;
    symbol: string | null;
    decimals: number | null;
    total_supply: string | null;
    deployer: string | null;
    icon_url: string | null;
    best_pool: string | null;
  }>(
    `select address, name, symbol, decimals, total_supply, deployer, metadata->>'iconUrl' as icon_url, best_pool
     from tokens where chain_id = $1 and address = any($2::text[])`,
    [chain, [...new Set(addresses)]],
  );
  for (const r of rows)
    out.set(r.address, {
      address: r.address,
      name: r.name,
      symbol: r.symbol,
      decimals: r.decimals,
      totalSupply: big(r.total_supply),
      deployer: r.deployer,
      iconUrl: r.icon_url !== null && /^https:\/\//.test(r.icon_url) ? r.icon_url : null,
      bestPool: r.best_pool,
    });
  return out;
}

/**
 * The main pool of each token: its `best_pool` when the token row names one, else its pool of
 * largest native liquidity. Tokens without a pool are absent. The token rows may still be on
 * their way (`facts`, read at the same time): they are awaited after the pools are read.
 */
export async function readMainPools(
  db: MarketDb,
  chain: ChainId,
  tokens: readonly string[],
  facts: Promise<ReadonlyMap<string, Pick<PortfolioToken, "bestPool">>>,
): Promise<Map<string, MainPool>> {
  const out = new Map<string, MainPool>();
  if (tokens.length === 0) return out;
  const { rows } = await db.query<{
    market: string;
    address: string;
    venue_type: string;
    factory: string | null;
    fee_bps: number | null;
    token0: string;
    token1: string;
    token_address: string;
    quote_address: string;
    is_launchpad: boolean;
    migrated: boolean;
    reserve0: string | null;
    reserve1: string | null;
    price_native: string | null;
    price_quote: string | null;
    liquidity_native: string | null;
    created_block: string | null;
  }>(
    `select market, address, venue_type, factory, fee_bps, token0, token1, token_address, quote_address, is_launchpad,
            migrated, reserve0, reserve1, price_native, price_quote, liquidity_native, created_block
     from pools where chain_id = $1 and token_address = any($2::text[])
     order by liquidity_native desc nulls last, address`,
    [chain, [...new Set(tokens)]],
  );
  const known = await facts;
  const bestPoolOf = (token: string) => known.get(token)?.bestPool ?? null;
  for (const r of rows) {
    const pool: MainPool = {
      market: r.market,
      address: r.address,
      venueType: r.venue_type,
      factory: r.factory,
      feeBps: r.fee_bps,
      token0: r.token0,
      token1: r.token1,
      tokenAddress: r.token_address,
      quoteAddress: r.quote_address,
      isLaunchpad: r.is_launchpad,
      migrated: r.migrated,
      reserve0: big(r.reserve0),
      reserve1: big(r.reserve1),
      priceNative: num(r.price_native),
      priceQuote: num(r.price_quote),
      liquidityNative: num(r.liquidity_native),
      createdBlock: r.created_block === null ? null : Number(r.created_block),
    };
    const best = bestPoolOf(r.token_address);
    const prior = out.get(r.token_address);
    if (!prior || (best !== null && r.address === best && prior.address !== best))
      out.set(r.token_address, pool);
  }
  return out;
}

/** The chain's native coin (null when the chain is not registered) and its USD stablecoins (the registry's rows). */
export async function readChainFacts(
  db: MarketDb,
  chain: ChainId,
): Promise<{ native: { symbol: string; decimals: number } | null; stablecoins: Map<string, string> }> {
  const [c, s] = await Promise.all([
    db.query<{ native_symbol: string; native_decimals: number }>(
      "select native_symbol, native_decimals from chains where chain_id = $1",
      [chain],
    ),
    db.query<{ address: string; symbol: string }>(
      "select address, symbol from stablecoins where chain_id = $1",
      [chain],
    ),
  ]);
  const row = c.rows[0];
  return {
    native: row ? { symbol: row.native_symbol, decimals: row.native_decimals } : null,
    stablecoins: new Map(s.rows.map((r) => [r.address, r.symbol])),
  };
}
