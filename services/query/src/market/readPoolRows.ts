import { type ChainId, marketKey } from "@tapeline/core";
import type { MarketDb } from "./MarketDb.ts";

/** A market with its base and quote tokens and its venue, as stored. Numerics are decimal strings. */
export type PoolRow = {
  market: string;
  chain: ChainId;
  address: string;
  venueType: string;
  factory: string | null;
  exchangeName: string | null;
  logoUrl: string | null;
  feeBps: number | null;
  launchpad: string | null;
  isLaunchpad: boolean;
  bondingProgress: number | null;
  migrated: boolean;
  graduatedAt: number | null;
  creator: string | null;
  tokenAddress: string;
  quoteAddress: string;
  priceNative: string | null;
  liquidityNative: string | null;
  /** highest native liquidity the market was seen with, kept by ingest */
  liquidityNativeAth: string | null;
  createdAt: number | null;
  lastTradeAt: number | null;
  token: { name: string | null; symbol: string | null; decimals: number | null; totalSupply: string | null };
  quote: { name: string | null; symbol: string | null; decimals: number | null };
};

const int = (v: string | number | null): number | null => (v === null ? null : Number(v));

/**
 * SELECT list and joins shared by every pool read; `p` is `source`, `pools` or a token's market
 * list (`token_markets`, the same columns keyed by token). The exchange's name comes from the
 * venues registry first (kept current by the ingest workers and their configuration), then from
 * the name the pool was stored with. Every other table joined is reference data, so on Citus
 * the read runs where `source`'s rows are. `numericsAsText` casts the numerics to text, for a
 * read that takes the rows as JSON (where a numeric would become a double); `natives` is the
 * parameter holding NATIVE_ADDRESSES.
 */
export function poolRowSql(
  source: "pools" | "token_markets",
  numericsAsText = false,
  natives = "$2",
): string {
  const n = numericsAsText ? "::text" : "";
  return `
  select p.market, p.chain_id, p.address, p.venue_type, p.factory,
         coalesce(v.exchange_name, p.exchange_name) as exchange_name, v.logo_url,
         coalesce(p.fee_bps, v.fee_bps) as fee_bps, coalesce(p.launchpad, v.launchpad) as launchpad,
         p.is_launchpad, p.bonding_progress, p.migrated, p.graduated_at, p.creator,
         p.token_address, p.quote_address, p.price_native${n} as price_native, p.liquidity_native${n} as liquidity_native,
         p.liquidity_native_ath${n} as liquidity_native_ath, p.created_at, p.last_trade_at,
         t.name as t_name, t.symbol as t_symbol, t.decimals as t_decimals, t.total_supply${n} as t_supply,
         q.name as q_name, coalesce(q.symbol, case when p.quote_address = any(${natives}::text[]) then ch.native_symbol end) as q_symbol,
         coalesce(q.decimals, case when p.quote_address = any(${natives}::text[]) then ch.native_decimals end) as q_decimals
  from ${source} p
  left join tokens t on t.chain_id = p.chain_id and t.address = p.token_address
  left join tokens q on q.chain_id = p.chain_id and q.address = p.quote_address
  left join venues v on v.chain_id = p.chain_id and v.factory = p.factory
  left join chains ch on ch.chain_id = p.chain_id`;
}

/** {@link poolRowSql} over `pools`, for reads by market. */
export const POOL_ROW_SQL = poolRowSql("pools");

/** Maps a row of POOL_ROW_SQL. */
// biome-ignore lint/suspicious/noExplicitAny: a raw pg row
export function toPoolRow(r: any): PoolRow {
  return {
    market: r.market,
    chain: r.chain_id,
    address: r.address,
    venueType: r.venue_type,
    factory: r.factory,
    exchangeName: r.exchange_name,
    logoUrl: r.logo_url,
    feeBps: r.fee_bps,
    launchpad: r.launchpad,
    isLaunchpad: r.is_launchpad,
    bondingProgress: r.bonding_progress,
    migrated: r.migrated,
    graduatedAt: int(r.graduated_at),
    creator: r.creator,
    tokenAddress: r.token_address,
    quoteAddress: r.quote_address,
    priceNative: r.price_native,
    liquidityNative: r.liquidity_native,
    liquidityNativeAth: r.liquidity_native_ath,
    createdAt: int(r.created_at),
    lastTradeAt: int(r.last_trade_at),
    token: { name: r.t_name, symbol: r.t_symbol, decimals: r.t_decimals, totalSupply: r.t_supply },
    quote: { name: r.q_name, symbol: r.q_symbol, decimals: r.q_decimals },
  };
}

/** Native coin addresses whose symbol and decimals come from the chain row when no token row holds them. */
export const NATIVE_ADDRESSES = [
  "0x0000000000000000000000000000000000000000",
  "So11111111111111111111111111111111111111112",
];

/** Reads the given markets of one chain; unknown ones are absent from the result. */
export async function readPoolRows(
  db: MarketDb,
  chain: ChainId,
  addresses: string[],
): Promise<Map<string, PoolRow>> {
  if (addresses.length === 0) return new Map();
  const { rows } = await db.query(`${POOL_ROW_SQL} where p.market = any($1::text[])`, [
    addresses.map((a) => marketKey(chain, a)),
    NATIVE_ADDRESSES,
  ]);
  return new Map(rows.map((r) => [r.address as string, toPoolRow(r)]));
}

/**
 * Reads every market whose base token is `token`, in the canonical pricing order shared with the
 * ingest writer (which keeps `tokens.best_pool` by the same order): liquidity, then latest trade,
 * then age, then address. From the token's market list, which the writer copies from `pools` in
 * the same transaction, so on Citus the read goes to the token's shard alone.
 */
export async function readTokenPoolRowsByToken(
  db: MarketDb,
  chain: ChainId,
  token: string,
): Promise<PoolRow[]> {
  const { rows } = await db.query(
    `${poolRowSql("token_markets")} where p.token_key = $1
     order by p.liquidity_native desc nulls last, p.last_trade_at desc nulls last, p.created_at asc nulls last, p.address`,
    [marketKey(chain, token), NATIVE_ADDRESSES],
  );
  return rows.map(toPoolRow);
}
