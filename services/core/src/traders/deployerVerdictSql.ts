import {
  ABANDON_LIQUIDITY_USD,
  DEPLOYER_TOKEN_STATUSES,
  type DeployerTokenFacts,
  RUG_LIQUIDITY_USD,
} from "./deployerVerdict.ts";

/**
 * `deployerTokenStatus` as a SQL expression, so a write can judge tokens in its statement. The
 * TypeScript rule stays the definition: `deployerVerdictSql.test.ts` evaluates both over the same
 * facts and requires the same verdict. The arguments are SQL expressions of the facts (double
 * precision lows, null when none seen; a boolean); the thresholds are this module's constants,
 * never request input.
 * @example deployerTokenStatusSql({ dayLowUsd: "f.day_low", weekLowUsd: "f.week_low", graduated: "f.graduated" })
 */
export function deployerTokenStatusSql(facts: { [K in keyof DeployerTokenFacts]: string }): string {
  const [rugged, abandoned, migrated, active] = DEPLOYER_TOKEN_STATUSES;
  // a null low compares to null, so its rule does not hold, as in deployerTokenStatus
  return `(case when (${facts.dayLowUsd}) < ${RUG_LIQUIDITY_USD} then '${rugged}'
    when (${facts.weekLowUsd}) < ${ABANDON_LIQUIDITY_USD} then '${abandoned}'
    when coalesce(${facts.graduated}, false) then '${migrated}' else '${active}' end)`;
}

// A market of the token other than a graduated curve that may stand for it (the pool judged).
const PAIR = "not m.is_launchpad and m.liquidity_native is not null";
// That market of most native liquidity (of two as deep, the lower lows).
const PAIR_MAX = `${PAIR} and m.liquidity_native = m.pair_liq`;

/**
 * The verdict facts of the tokens of `listed` (a relation with `token_key`, `best_pool`), one
 * row per token that has markets, by `token_key`: whether it is a launchpad token and graduated,
 * its earliest market's creation, and the liquidity and lows of its best pool and of its deepest
 * other pair (see {@link deployerJudgedPoolSql}). Groups the token-keyed market lists by their
 * distribution column, so on Citus every shard sums up its own tokens (plain aggregates: an
 * ordered one per token costs a sort each); wrap it in a materialized CTE so that a left join
 * from the tokens is planned apart from it.
 */
export function deployerTokenFactsSql(listed: string): string {
  return `select m.token_key,
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
      select l.best_pool, m.token_key, m.address, m.is_launchpad, m.migrated, m.created_at, m.liquidity_native,
        m.liquidity_day_low_usd, m.liquidity_week_low_usd,
        max(m.liquidity_native) filter (where ${PAIR}) over (partition by m.token_key collate "C") as pair_liq
      from ${listed} l join token_markets m on m.token_key = l.token_key
    ) m
    group by m.token_key`;
}

/**
 * The judged pool's columns and the verdict over a row `f` of {@link deployerTokenFactsSql}
 * (all null for a token without markets: active). The pool judged is the best pool, unless that
 * is a graduated curve and the token has a pair: a curve's stored liquidity is its virtual
 * reserves, which stay after it graduated although it trades no more.
 */
export function deployerJudgedPoolSql(f: string): { liq: string; status: string } {
  const judged = (col: string) =>
    `(case when ${f}.best_is_curve and ${f}.pair_liq is not null then ${f}.pair_${col} else ${f}.best_${col} end)`;
  return {
    liq: judged("liq"),
    status: deployerTokenStatusSql({
      dayLowUsd: judged("day"),
      weekLowUsd: judged("week"),
      graduated: `${f}.graduated`,
    }),
  };
}
