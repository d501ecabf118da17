import type { ChainId } from "@tapeline/core";
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

// The deployer's tokens (a reference table on Citus), in the order of tokens_deployer_created.
const TOKENS_SQL = `select address, name, symbol, created_at::text as created_ms from tokens
  where chain_id = $1 and deployer = $2 and address is distinct from $3
  order by created_at desc nulls last, address limit $4`;

// The markets of the deployer's tokens, or of only `$4` (a page) when given, joined on the
// distribution column of the token-keyed market lists (Citus runs it on every shard without
// moving rows): liquidity, lows (migration 0106), launchpad state, and which is the best pool.
const MARKETS_SQL = `select t.address, m.address = t.best_pool as best, m.is_launchpad, m.migrated,
    m.liquidity_native::text, m.liquidity_day_low_usd as day_low, m.liquidity_week_low_usd as week_low
  from tokens t join token_markets m on m.token_key = t.chain_id || '/' || t.address
  where t.chain_id = $1 and t.deployer = $2 and t.address is distinct from $3
    and ($4::text[] is null or t.address = any($4::text[]))`;

/** Markets read per token at most, when all of a deployer's tokens are read (a curve and a pair or two, usually). */
const MARKETS_PER_TOKEN = 4;

// The earliest market of tokens without a recorded creation time (their deploy time).
const FIRST_MARKETS_SQL = `select token_key, min(created_at)::text as created_at from token_markets
  where token_key = any($1::text[]) group by token_key`;

/**
 * Up to `max` of a deployer's tokens (newest recorded creation first, `exclude` left out) with
 * what their verdicts need, and whether it has more. With more than `max`, only the first
 * `pageOfMore` tokens are read on (the caller judges the page alone).
 */
export async function readDeployerTokens(
  db: MarketDb,
  q: { chain: ChainId; deployer: string; exclude: string | null; max: number; pageOfMore: number },
): Promise<{ tokens: StoredDeployerToken[]; more: boolean }> {
  type Listed = { address: string; name: string | null; symbol: string | null; created_ms: string | null };
  type Market = {
    address: string;
    best: boolean;
    is_launchpad: boolean;
    migrated: boolean;
    liquidity_native: string | null;
    day_low: number | null;
    week_low: number | null;
  };
  const base = [q.chain, q.deployer, q.exclude];
  // the list and its markets at once (markets bounded: a token has its best pool and its
  // launchpad markets); past `max` tokens, the page's markets are read again
  const [listed, all] = await Promise.all([
    db.query<Listed>(TOKENS_SQL, [...base, q.max + 1]),
    db.query<Market>(`${MARKETS_SQL} limit $5`, [...base, null, MARKETS_PER_TOKEN * q.max]),
  ]);
  const more = listed.rows.length > q.max;
  const rows = more ? listed.rows.slice(0, q.pageOfMore) : listed.rows;
  // (the bounded read may have stopped early: then the listed tokens' markets are read by name)
  const markets =
    more || all.rows.length >= MARKETS_PER_TOKEN * q.max
      ? await db.query<Market>(MARKETS_SQL, [...base, rows.map((r) => r.address)])
      : all;
  const undated = rows.filter((r) => r.created_ms === null).map((r) => `${q.chain}/${r.address}`);
  const firsts =
    undated.length === 0
      ? new Map<string, string | null>()
      : new Map(
          (
            await db.query<{ token_key: string; created_at: string | null }>(FIRST_MARKETS_SQL, [undated])
          ).rows.map((r) => [r.token_key, r.created_at]),
        );
  const facts = new Map<
    string,
    { best?: Market; others: Market[]; launchpad: boolean; graduated: boolean }
  >();
  for (const m of markets.rows) {
    let f = facts.get(m.address);
    if (!f) {
      f = { others: [], launchpad: false, graduated: false };
      facts.set(m.address, f);
    }
    if (m.best) f.best = m;
    else f.others.push(m);
    if (m.is_launchpad) {
      f.launchpad = true;
      if (m.migrated) f.graduated = true;
    }
  }
  for (const f of facts.values()) f.best = judgedPool(f.best, f.others);
  const tokens = rows.map((r): StoredDeployerToken => {
    const f = facts.get(r.address);
    const created = r.created_ms ?? firsts.get(`${q.chain}/${r.address}`) ?? null;
    return {
      address: r.address,
      name: r.name,
      symbol: r.symbol,
      createdAt: created === null ? null : Number(created),
      isLaunchpad: f?.launchpad ?? false,
      graduated: f?.graduated ?? false,
      liquidityNative: f?.best?.liquidity_native ?? null,
      dayLowUsd: f?.best?.day_low ?? null,
      weekLowUsd: f?.best?.week_low ?? null,
    };
  });
  return { tokens, more };
}

/**
 * The pool a token is judged on: its best pool, unless that is a graduated curve (its stored
 * liquidity is its virtual reserves, yet it trades no more), then its other market of most native
 * liquidity (the curve when it has none).
 */
function judgedPool<M extends { is_launchpad: boolean; migrated: boolean; liquidity_native: string | null }>(
  best: M | undefined,
  others: readonly M[],
): M | undefined {
  if (!best || !(best.is_launchpad && best.migrated)) return best;
  const deeper = others
    .filter((m) => !m.is_launchpad && m.liquidity_native !== null)
    .sort((a, b) => Number(b.liquidity_native) - Number(a.liquidity_native))[0];
  return deeper ?? best;
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
