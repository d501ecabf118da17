/**
 * The deployer track record's rules (`GET /v1/token/dev-tokens`), defined once: a token's
 * verdict from its best pool's liquidity history, and a deployer's figures from its tokens'.
 * README "Deployer track record".
 */

/** A token's verdict, in the order the rules are tried. */
export const DEPLOYER_TOKEN_STATUSES = ["rugged", "abandoned", "migrated", "active"] as const;
export type DeployerTokenStatus = (typeof DEPLOYER_TOKEN_STATUSES)[number];

/** A deployer's risk, from its tokens' verdicts (`unknown`: no token to judge). */
export const DEPLOYER_RISK_LEVELS = ["unknown", "low", "medium", "high"] as const;
export type DeployerRiskLevel = (typeof DEPLOYER_RISK_LEVELS)[number];

/** rugged: the best pool's liquidity fell below this many USD within RUG_WINDOW_MS of deploy */
export const RUG_LIQUIDITY_USD = 100;
export const RUG_WINDOW_MS = 86_400_000;
/** abandoned: below this many USD within ABANDON_WINDOW_MS of deploy */
export const ABANDON_LIQUIDITY_USD = 500;
export const ABANDON_WINDOW_MS = 7 * 86_400_000;

/** What a token's verdict is judged on. */
export type DeployerTokenFacts = {
  /** lowest USD liquidity of the best pool seen within a day of deploy; null: none seen */
  dayLowUsd: number | null;
  /** lowest seen within a week of deploy (the day included); null: none seen */
  weekLowUsd: number | null;
  /** a launchpad market of the token graduated */
  graduated: boolean;
};

/**
 * A token's verdict: the first rule that holds, in the order of DEPLOYER_TOKEN_STATUSES. A
 * token whose first week was not seen (no low) is judged by the rules that remain.
 * @example deployerTokenStatus({ dayLowUsd: 40, weekLowUsd: 40, graduated: true }) // "rugged"
 */
export function deployerTokenStatus(f: DeployerTokenFacts): DeployerTokenStatus {
  if (f.dayLowUsd !== null && f.dayLowUsd < RUG_LIQUIDITY_USD) return "rugged";
  if (f.weekLowUsd !== null && f.weekLowUsd < ABANDON_LIQUIDITY_USD) return "abandoned";
  if (f.graduated) return "migrated";
  return "active";
}

/** A deployer's figures over the tokens judged. */
export type DeployerStats = {
  totalTokens: number;
  active: number;
  migrated: number;
  rugged: number;
  abandoned: number;
  /** percent of the judged tokens neither rugged nor abandoned; null with none */
  successRatePct: number | null;
  riskLevel: DeployerRiskLevel;
  /** earliest and latest known deploy time of the judged tokens, ms; null when none is known */
  firstDeployAt: number | null;
  lastDeployAt: number | null;
};

/** high: at least this share of the tokens rugged, or FAILED_HIGH failed (rugged or abandoned) */
const RUGGED_HIGH = 0.3;
const FAILED_HIGH = 0.7;
/** medium: at least this share rugged, or FAILED_MEDIUM failed */
const RUGGED_MEDIUM = 0.1;
const FAILED_MEDIUM = 0.4;

/**
 * The risk level of counts: `high` when at least 30 % of the tokens were rugged or 70 % rugged
 * or abandoned, `medium` at 10 % rugged or 40 % failed, `low` otherwise, `unknown` without tokens.
 * @example deployerRiskLevel({ total: 10, rugged: 1, abandoned: 3 }) // "medium"
 */
export function deployerRiskLevel(c: {
  total: number;
  rugged: number;
  abandoned: number;
}): DeployerRiskLevel {
  if (c.total === 0) return "unknown";
  const rugged = c.rugged / c.total;
  const failed = (c.rugged + c.abandoned) / c.total;
  if (rugged >= RUGGED_HIGH || failed >= FAILED_HIGH) return "high";
  if (rugged >= RUGGED_MEDIUM || failed >= FAILED_MEDIUM) return "medium";
  return "low";
}

/** What a deployer's figures are made of: its judged tokens' counts per verdict and deploy span. */
export type DeployerCounts = Record<DeployerTokenStatus, number> & {
  firstDeployAt: number | null;
  lastDeployAt: number | null;
};

/**
 * A deployer's figures from its judged tokens' counts (as a read that judges in SQL counts them);
 * `totalTokens` is `total`, else the tokens judged.
 */
export function deployerStatsOfCounts(c: DeployerCounts, total?: number): DeployerStats {
  const judged = c.active + c.migrated + c.rugged + c.abandoned;
  return {
    totalTokens: total ?? judged,
    active: c.active,
    migrated: c.migrated,
    rugged: c.rugged,
    abandoned: c.abandoned,
    successRatePct: judged === 0 ? null : Math.round(((c.active + c.migrated) / judged) * 10_000) / 100,
    riskLevel: deployerRiskLevel({ total: judged, rugged: c.rugged, abandoned: c.abandoned }),
    firstDeployAt: c.firstDeployAt,
    lastDeployAt: c.lastDeployAt,
  };
}
