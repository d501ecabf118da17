import {
  type ChainId,
  DEPLOYER_TOKEN_STATUSES,
  type DeployerCounts,
  type DeployerTokenStatus,
  deployerTokenStatusSql,
} from "@tapeline/core";
import type { MarketDb } from "../market/MarketDb.ts";

/** A deployer's token as listed, judged in the statement. */
export type JudgedDeployerToken = {
  address: string;
  name: string | null;
  symbol: string | null;
  /** the token's creation time, else its earliest market's; null when neither is known */
  createdAt: number | null;
  isLaunchpad: boolean;
  /** a launchpad market of the token graduated */
  graduated: boolean;
  /** the judged pool's native liquidity */
  liquidityNative: string | null;
  status: DeployerTokenStatus;
};

// A market of the token other than a graduated curve that may stand for it (README "The pool judged").
const PAIR = "not m.is_launchpad and m.liquidity_native is not null";
// That market of most native liquidity (of two as deep, the lower lows).
const PAIR_MAX = `${PAIR} and m.liquidity_native = m.pair_liq`;
// The judged pool's column: the best pool's, unless that is a graduated curve and the token has a pair.
const judged = (col: string) =>
  `case when f.best_is_curve and f.pair_liq is not null then f.pair_${col} else f.best_${col} end`;

// One statement (README "Verdicts in the statement"): the deployer's first `$4 + 1` tokens (a
// reference table on Citus, in the order of tokens_deployer_created) and their markets' facts
// per token, both materialized so that Citus plans them apart: the facts group the token-keyed
// market lists by their distribution column, so every shard sums up its own tokens (plain
// aggregates: an ordered one per token costs a sort each). Then each token judged by the rule of
// deployerVerdictSql.ts and counted per verdict over every token (over the page, `$5` tokens,
// when there are more than `$4`), and only the page's rows returned, each carrying the counts
// (no row at all when the deployer has no token).
const SQL = `with listed as materialized (
    select address, name, symbol, created_at, best_pool,
      row_number() over (order by created_at desc nulls last, address) as rn
    from tokens
    where chain_id = $1 and deployer = $2 and address is distinct from $3
    order by created_at desc nulls last, address limit $4::int + 1
  ),
  facts as materialized (
    select m.l_address as address,
      bool_or(m.is_launchpad) as launchpad,
      bool_or(m.is_launchpad and m.migrated) as graduated,
      min(m.created_at) as first_market_at,
      bool_or(m.address = m.best_pool and m.is_launchpad and m.migrated) as best_is_curve,
      max(m.liquidity_native) filter (where m.address = m.best_pool) as best_liq,
      min(m.liquidity_day_low_usd) filter (where m.address = m.best_pool) as best_day,
      min(m.liquidity_week_low_usd) filter (where m.address = m.best_pool) as best_week,
      max(m.pair_liq) as pair_liq,
      min(m.liquidity_day_low_usd) filter (where ${PAIR_MAX}) as pair_day,
      min(m.liquidity_week_low_usd) filter (where ${PAIR_MAX}) as pair_week
    from (
      select l.address as l_address, l.best_pool, m.token_key, m.address, m.is_launchpad, m.migrated,
        m.created_at, m.liquidity_native, m.liquidity_day_low_usd, m.liquidity_week_low_usd,
        max(m.liquidity_native) filter (where ${PAIR}) over (partition by m.token_key collate "C") as pair_liq
      from listed l join token_markets m on m.token_key = $1 || '/' || l.address
    ) m
    group by m.token_key, m.l_address
  ),
  scope as (
    select j.*, ${deployerTokenStatusSql({ dayLowUsd: "j.day_low", weekLowUsd: "j.week_low", graduated: "j.graduated" })} as status
    from (
      select l.address, l.name, l.symbol, coalesce(l.created_at, f.first_market_at) as created_at,
        coalesce(f.launchpad, false) as launchpad, coalesce(f.graduated, false) as graduated,
        ${judged("liq")} as liq, ${judged("day")} as day_low, ${judged("week")} as week_low,
        l.rn, count(*) over () as listed
      from listed l left join facts f on f.address = l.address collate "C"
    ) j
    where j.listed <= $4 or j.rn <= $5
  )
  select * from (
    select ${DEPLOYER_TOKEN_STATUSES.map((s) => `(count(*) filter (where status = '${s}') over ())::int as n_${s}`).join(", ")},
      (min(created_at) over ())::text as first_ms, (max(created_at) over ())::text as last_ms, listed > $4 as more,
      address, name, symbol, created_at::text as created_ms, launchpad, graduated, liq::text as liquidity_native,
      status, rn
    from scope
  ) p
  where rn <= $5
  order by rn`;

type Row = { [K in `n_${DeployerTokenStatus}`]: number } & {
  first_ms: string | null;
  last_ms: string | null;
  more: boolean;
  address: string;
  name: string | null;
  symbol: string | null;
  created_ms: string | null;
  launchpad: boolean;
  graduated: boolean;
  liquidity_native: string | null;
  status: DeployerTokenStatus;
};

/**
 * A page of a deployer's tokens (newest recorded creation first, `exclude` left out), judged, and
 * the counts over the deployer's first `max` tokens; with more than `max`, over the page alone
 * (`more`, the caller counting the tokens apart).
 */
export async function readDeployerTokens(
  db: MarketDb,
  q: { chain: ChainId; deployer: string; exclude: string | null; max: number; limit: number },
): Promise<{ tokens: JudgedDeployerToken[]; counts: DeployerCounts; more: boolean }> {
  const { rows } = await db.query<Row>(SQL, [q.chain, q.deployer, q.exclude, q.max, q.limit]);
  const ms = (s: string | null) => (s === null ? null : Number(s));
  const c = rows[0];
  return {
    tokens: rows.map((r) => ({
      address: r.address,
      name: r.name,
      symbol: r.symbol,
      createdAt: ms(r.created_ms),
      isLaunchpad: r.launchpad,
      graduated: r.graduated,
      liquidityNative: r.liquidity_native,
      status: r.status,
    })),
    counts: {
      active: c?.n_active ?? 0,
      migrated: c?.n_migrated ?? 0,
      rugged: c?.n_rugged ?? 0,
      abandoned: c?.n_abandoned ?? 0,
      firstDeployAt: ms(c?.first_ms ?? null),
      lastDeployAt: ms(c?.last_ms ?? null),
    },
    more: c?.more ?? false,
  };
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
