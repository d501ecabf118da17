import {
  ABANDON_LIQUIDITY_USD,
  DEPLOYER_TOKEN_STATUSES,
  type DeployerTokenFacts,
  RUG_LIQUIDITY_USD,
} from "./deployerVerdict.ts";

/**
 * `deployerTokenStatus` as a SQL expression, so a read can judge a deployer's tokens in its
 * statement and return only a page of them. The TypeScript rule stays the definition:
 * `deployerVerdictSql.test.ts` evaluates both over the same facts and requires the same verdict.
 * The arguments are SQL expressions of the facts (double precision lows, null when none seen; a
 * boolean); the thresholds are this module's constants, never request input.
 * @example deployerTokenStatusSql({ dayLowUsd: "f.day_low", weekLowUsd: "f.week_low", graduated: "f.graduated" })
 */
export function deployerTokenStatusSql(facts: { [K in keyof DeployerTokenFacts]: string }): string {
  const [rugged, abandoned, migrated, active] = DEPLOYER_TOKEN_STATUSES;
  // a null low compares to null, so its rule does not hold, as in deployerTokenStatus
  return `(case when (${facts.dayLowUsd}) < ${RUG_LIQUIDITY_USD} then '${rugged}'
    when (${facts.weekLowUsd}) < ${ABANDON_LIQUIDITY_USD} then '${abandoned}'
    when coalesce(${facts.graduated}, false) then '${migrated}' else '${active}' end)`;
}
