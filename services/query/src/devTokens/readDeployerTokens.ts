import {
  type ChainId,
  DEPLOYER_TOKEN_STATUSES,
  type DeployerCounts,
  type DeployerTokenStatus,
  deployerJudgedPoolSql,
  deployerTokenFactsSql,
} from "@tapeline/core";
import type { MarketDb } from "../market/MarketDb.ts";

/** A deployer's token as listed, with its stored verdict. */
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

const JUDGED = deployerJudgedPoolSql("f");

// One statement (README "Verdicts kept by the writer"): the verdicts are the ones the ingest
// writer stored per token (tokens.deployer_status), so the counts per verdict and the deploy span
// are one aggregate over an index-only pass of the deployer's first `$4 + 1` tokens
// (tokens_deployer_status, in any order: past `$4` the counts are the page's), and only the
// page's `$5` tokens (in the index's order) read their market facts, for their rows. A counted
// token without a creation time is dated by its earliest market (such tokens come last in the
// index, so they are found there alone). Each CTE that reads the token-keyed market lists is
// materialized, so that Citus plans it apart (by their distribution column, every shard for its
// own tokens). Every page row carries the counts (no row at all when the deployer has no token).
const SQL = `with counted as materialized (
    select count(*) > $4 as more, count(*) filter (where created_at is null) as undated,
      ${DEPLOYER_TOKEN_STATUSES.map((s) => `count(*) filter (where deployer_status = '${s}') as n_${s}`).join(", ")},
      min(created_at) as first_at, max(created_at) as last_at
    from (
      select created_at, deployer_status from tokens
      where chain_id = $1 and deployer = $2 and address is distinct from $3
      limit $4::int + 1
    ) l
  ),
  page as materialized (
    select $1 || '/' || address as token_key, address, name, symbol, created_at, best_pool, deployer_status,
      row_number() over (order by created_at desc nulls last, address) as rn
    from tokens
    where chain_id = $1 and deployer = $2 and address is distinct from $3
    order by created_at desc nulls last, address limit $5
  ),
  facts as materialized (${deployerTokenFactsSql("page")}),
  undated as materialized (
    select $1 || '/' || address as token_key from tokens
    where chain_id = $1 and deployer = $2 and address is distinct from $3 and created_at is null
      and (select undated > 0 and not more from counted)
  ),
  undated_first as materialized (
    select min(m.created_at) as first_market_at from undated u join token_markets m on m.token_key = u.token_key
    group by m.token_key
  ),
  rows as (
    select p.rn, p.address, p.name, p.symbol, coalesce(p.created_at, f.first_market_at) as created_at,
      coalesce(f.launchpad, false) as launchpad, coalesce(f.graduated, false) as graduated,
      ${JUDGED.liq} as liquidity_native, p.deployer_status as status
    from page p left join facts f on f.token_key = p.token_key collate "C"
  ),
  -- past the bound, the page's
  stats as (
    select c.more,
      ${DEPLOYER_TOKEN_STATUSES.map((s) => `(case when c.more then (select count(*) from rows where status = '${s}') else c.n_${s} end)::int as n_${s}`).join(",\n      ")},
      (case when c.more then (select min(created_at) from rows)
        else least(c.first_at, (select min(first_market_at) from undated_first)) end)::text as first_ms,
      (case when c.more then (select max(created_at) from rows)
        else greatest(c.last_at, (select max(first_market_at) from undated_first)) end)::text as last_ms
    from counted c
  )
  select s.*, r.address, r.name, r.symbol, r.created_at::text as created_ms, r.launchpad, r.graduated,
    r.liquidity_native::text as liquidity_native, r.status
  from rows r cross join stats s
  order by r.rn`;

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
 * A page of a deployer's tokens (newest recorded creation first, `exclude` left out) with their
 * stored verdicts, and the counts over the deployer's tokens when at most `max`; with more, over
 * the page alone (`more`, the caller counting the tokens apart).
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
