import { type ChainId, marketKey, type SearchMatch, type SearchRow } from "@tapeline/core";
import { decimalString } from "../market/decimalString.ts";
import type { MarketDb } from "../market/MarketDb.ts";
import { NATIVE_ADDRESSES, POOL_ROW_SQL, toPoolRow } from "../market/readPoolRows.ts";

/** A matched token to serve, with the market to show (null: its best pool). */
export type SearchPick = { chain: ChainId; address: string; match: SearchMatch; pool: string | null };

/** The chain's native/USD rate now: the latest stored minute (null when none). */
export type UsdRateOf = (chain: ChainId) => Promise<number | null>;

/**
 * The served rows of the picked tokens, in pick order, from the store as it is now: the token's
 * facts, its pool (the one whose address matched, else its best pool) and that pool's price and
 * liquidity, valued in USD at the chain's latest native/USD minute. Two reads whatever the
 * number of rows and chains: the token rows by key, the markets by key. A token deleted since
 * the index was built is left out.
 */
export async function readSearchRows(
  db: MarketDb,
  picks: readonly SearchPick[],
  usdRate: UsdRateOf,
): Promise<SearchRow[]> {
  if (picks.length === 0) return [];
  const chains = [...new Set(picks.map((p) => p.chain))];
  const [{ rows }, rates] = await Promise.all([
    db.query<{
      chain_id: ChainId;
      address: string;
      name: string | null;
      symbol: string | null;
      created_at: string | null;
      best_pool: string | null;
    }>(
      `select t.chain_id, t.address, t.name, t.symbol, t.created_at, t.best_pool from tokens t
       join unnest($1::text[], $2::text[]) as k(chain_id, address) on t.chain_id = k.chain_id and t.address = k.address`,
      [picks.map((p) => p.chain), picks.map((p) => p.address)],
    ),
    Promise.all(chains.map(usdRate)),
  ]);
  const rateOf = new Map(chains.map((c, i) => [c, rates[i] ?? null]));
  const facts = new Map(rows.map((r) => [`${r.chain_id}/${r.address}`, r]));
  const poolOf = (p: SearchPick) => p.pool ?? facts.get(`${p.chain}/${p.address}`)?.best_pool ?? null;
  const markets = [
    ...new Set(picks.flatMap((p) => (poolOf(p) === null ? [] : [marketKey(p.chain, poolOf(p) as string)]))),
  ];
  const pools = new Map(
    markets.length === 0
      ? []
      : (
          await db.query(`${POOL_ROW_SQL} where p.market = any($1::text[])`, [markets, NATIVE_ADDRESSES])
        ).rows.map((r) => {
          const row = toPoolRow(r);
          return [row.market, row] as const;
        }),
  );
  const usd = (v: string | null, rate: number | null) =>
    v === null || rate === null ? null : Number(v) * rate;
  return picks.flatMap((p): SearchRow[] => {
    const f = facts.get(`${p.chain}/${p.address}`);
    if (!f) return [];
    const address = poolOf(p);
    const pool = address === null ? null : (pools.get(marketKey(p.chain, address)) ?? null);
    const rate = rateOf.get(p.chain) ?? null;
    const priceNative = decimalString(pool?.priceNative ?? null);
    return [
      {
        chain: p.chain,
        address: p.address,
        name: f.name,
        symbol: f.symbol,
        match: p.match,
        pool: pool
          ? {
              address: pool.address,
              type: pool.venueType,
              quoteAddress: pool.quoteAddress,
              quoteSymbol: pool.quote.symbol,
            }
          : null,
        priceNative,
        priceUsd: usd(priceNative, rate),
        liquidityUsd: usd(pool?.liquidityNative ?? null, rate),
        createdAt: f.created_at === null ? (pool?.createdAt ?? null) : Number(f.created_at),
        lastTradeAt: pool?.lastTradeAt ?? null,
      },
    ];
  });
}
