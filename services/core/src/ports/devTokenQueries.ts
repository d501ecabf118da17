import type { ChainId } from "../chainId.ts";
import type { DeployerStats, DeployerTokenStatus } from "../traders/deployerVerdict.ts";

/** Bounds of `GET /v1/token/dev-tokens`. */
export const DEV_TOKEN_LIMITS = { min: 1, max: 100, default: 50 } as const;

/** One token of a deployer (`GET /v1/token/dev-tokens` row). */
export type DeployerTokenRow = {
  chain: ChainId;
  address: string;
  name: string | null;
  symbol: string | null;
  /** deploy time, ms: the token's creation, else its earliest market's; null when neither is known */
  createdAt: number | null;
  /** a launchpad market of the token graduated */
  migrated: boolean;
  /** the token has a launchpad market (a bonding curve) */
  isLaunchpad: boolean;
  /** the best pool's native liquidity; null when unknown */
  liquidityNative: string | null;
  /** that × the current native/USD rate; null when either is unknown */
  liquidityUsd: number | null;
  status: DeployerTokenStatus;
};

/** A deployer's tokens, newest first, and its figures. */
export type DevTokensPage = {
  data: DeployerTokenRow[];
  asOf: number;
  /** the deployer; null when the token's deployer is unknown (then no rows and no stats) */
  deployer: string | null;
  stats: DeployerStats | null;
  /** the stats describe only the returned page (the deployer has more tokens than are judged per request) */
  truncated: boolean;
};

/** A deployer's track record, by token (its deployer resolved first) or by deployer wallet. */
export type DevTokensQuery = {
  chain: ChainId;
  /** the token whose deployer is asked; left out of the rows and the stats */
  address: string | null;
  /** the deployer, skipping resolution */
  wallet: string | null;
  limit: number;
};

/** Deployer track record (`GET /v1/token/dev-tokens`). */
export interface DevTokenQueries {
  /** @throws NotFoundError for an `address` with no stored token or market */
  devTokens(q: DevTokensQuery): Promise<DevTokensPage>;
}
