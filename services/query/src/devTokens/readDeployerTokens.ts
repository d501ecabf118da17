import { type ChainId, RUG_WINDOW_MS } from "@tapeline/core";
import type { MarketDb } from "../market/MarketDb.ts";

/** What a deployer's token is judged and listed on, as stored. */
export type StoredDeployerToken = {
  address: string;
  name: string | null;
  symbol: string | null;
  /** the token's creation time, else its earliest market's; null when neither is known */
  createdAt: number | null;
  isLaunchpad: boolean;
  /** a launchpad market of the token graduated */
  graduated: boolean;
  /** the best pool's native liquidity */
  liquidityNative: string | null;
  /** the best pool's lowest USD liquidity within a day / a week of deploy (null: none seen) */
  dayLowUsd: number | null;
  weekLowUsd: number | null;
};

// The deployer's tokens (a reference table on Citus, read through tokens_deployer).
const TOKENS_SQL = `select address, name, symbol, created_at::text from tokens
  where chain_id = $1 and deployer = $2 and address is distinct from $3
  order by created_at desc nulls last, address limit $4`;

// The filter the two reads below share: the deployer's tokens, or only `$4` (a page) when given.
// Each joins the reference table on its own distribution column (token key), so Citus runs it
// on every shard without moving rows.
const OF_DEPLOYER = `t.chain_id = $1 and t.deployer = $2 and t.address is distinct from $3
  and ($4::text[] is null or t.address = any($4::text[]))`;

// Per token: launchpad and graduation over its markets, its earliest market, its best pool's liquidity.
const MARKETS_SQL = `select t.address, bool_or(m.is_launchpad) as is_launchpad,
    bool_or(m.is_launchpad and m.migrated) as graduated, min(m.created_at)::text as first_market_at,
    max(m.liquidity_native) filter (where m.address = t.best_pool)::text as liquidity_native
  from tokens t join token_markets m on m.token_key = t.chain_id || '/' || t.address
  where ${OF_DEPLOYER}
  group by t.address`;

// Per token: its best pool's lowest liquidity rows within a day and within the kept week of deploy.
const LOWS_SQL = `select t.address,
    min(l.liquidity_usd) filter (where l.at <= l.deploy_at + ${RUG_WINDOW_MS})::float8 as day_low,
    min(l.liquidity_usd)::float8 as week_low
  from tokens t join token_liquidity_lows l
    on l.token_key = t.chain_id || '/' || t.address and l.market = t.chain_id || '/' || t.best_pool
  where ${OF_DEPLOYER}
  group by t.address`;

/**
 * Up to `max` of a deployer's tokens (newest recorded creation first, `exclude` left out) with what their
 * verdicts need, and whether it has more. With more than `max`, only the `onlyPage` tokens'
 * markets and lows are read (the caller judges the page alone).
 */
export async function readDeployerTokens(
  db: MarketDb,
  q: { chain: ChainId; deployer: string; exclude: string | null; max: number; pageOfMore: number },
): Promise<{ tokens: StoredDeployerToken[]; more: boolean }> {
  const listed = await db.query<{
    address: string;
    name: string | null;
    symbol: string | null;
    created_at: string | null;
  }>(TOKENS_SQL, [q.chain, q.deployer, q.exclude, q.max + 1]);
  const more = listed.rows.length > q.max;
  const rows = more ? listed.rows.slice(0, q.pageOfMore) : listed.rows;
  const only = more ? rows.map((r) => r.address) : null;
  const params = [q.chain, q.deployer, q.exclude, only];
  const [markets, lows] = await Promise.all([
    db.query<{
      address: string;
      is_launchpad: boolean;
      graduated: boolean;
      first_market_at: string | null;
      liquidity_native: string | null;
    }>(MARKETS_SQL, params),
    db.query<{ address: string; day_low: number | null; week_low: number | null }>(LOWS_SQL, params),
  ]);
  const m = new Map(markets.rows.map((r) => [r.address, r]));
  const l = new Map(lows.rows.map((r) => [r.address, r]));
  const tokens = rows.map((r): StoredDeployerToken => {
    const mk = m.get(r.address);
    const low = l.get(r.address);
    const created = r.created_at ?? mk?.first_market_at ?? null;
    return {
      address: r.address,
      name: r.name,
      symbol: r.symbol,
      createdAt: created === null ? null : Number(created),
      isLaunchpad: mk?.is_launchpad ?? false,
      graduated: mk?.graduated ?? false,
      liquidityNative: mk?.liquidity_native ?? null,
      dayLowUsd: low?.day_low ?? null,
      weekLowUsd: low?.week_low ?? null,
    };
  });
  return { tokens, more };
}

/** How many tokens the deployer created (`exclude` left out). */
export async function countDeployerTokens(
  db: MarketDb,
  q: { chain: ChainId; deployer: string; exclude: string | null },
): Promise<number> {
  const { rows } = await db.query<{ n: string }>(
    "select count(*)::text as n from tokens where chain_id = $1 and deployer = $2 and address is distinct from $3",
    [q.chain, q.deployer, q.exclude],
  );
  return Number(rows[0]?.n ?? 0);
}
