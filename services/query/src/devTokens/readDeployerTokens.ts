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
// writer stored per token (tokens.deployer_status), so the counts per verdict are an index-only
// pass over the deployer's first `$4 + 1` tokens (tokens_deployer_status; any order: past `$4`
// the counts are the page's), and only the page's `$5` tokens (in the index's order) read their
// market facts, for their rows. A token without a creation time is dated by its earliest market,
// so those of the counted tokens read their markets too (few: most tokens have one). Each CTE
// that reads the token-keyed market lists is materialized, so that Citus plans it apart (by
// their distribution column, every shard for its own tokens). Every page row carries the counts
// (no row at all when the deployer has no token).
const SQL = `with listed as materialized (
    select address, created_at, deployer_status from tokens
    where chain_id = $1 and deployer = $2 and address is distinct from $3
    limit $4::int + 1
  ),
  more as materialized (select count(*) > $4 as more from listed),
  page as materialized (
    select $1 || '/' || address as token_key, address, name, symbol, created_at, best_pool, deployer_status,
      row_number() over (order by created_at desc nulls last, address) as rn
    from tokens
    where chain_id = $1 and deployer = $2 and address is distinct from $3
    order by created_at desc nulls last, address limit $5
  ),
  facts as materialized (${deployerTokenFactsSql("page")}),
  undated as materialized (
    select $1 || '/' || l.address as token_key from listed l
    where l.created_at is null and not (select more from more)
  ),
  undated_first as materialized (
    select min(m.created_at) as first_market_at from undated u join token_markets m on m.token_key = u.token_key
    group by m.token_key
  ),
  counted as (
    select deployer_status as status, created_at from listed where not (select more from more)
    union all
    select p.deployer_status, coalesce(p.created_at, f.first_market_at)
    from page p left join facts f on f.token_key = p.token_key collate "C"
    where (select more from more)
  ),
  stats as (
    select ${DEPLOYER_TOKEN_STATUSES.map((s) => `(count(*) filter (where status = '${s}'))::int as n_${s}`).join(", ")},
      least(min(created_at), (select min(first_market_at) from undated_first))::text as first_ms,
      greatest(max(created_at), (select max(first_market_at) from undated_first))::text as last_ms,
      (select more from more) as more
    from counted
  )
  select s.*, p.address, p.name, p.symbol, coalesce(p.created_at, f.first_market_at)::text as created_ms,
    coalesce(f.launchpad, false) as launchpad, coalesce(f.graduated, false) as graduated,
    ${JUDGED.liq}::text as liquidity_native, p.deployer_status as status
  from page p left join facts f on f.token_key = p.token_key collate "C" cross join stats s
  order by p.rn`;

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
