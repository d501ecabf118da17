import type { ChainRecord } from "../domain.ts";

/** Readiness of one chain's ingest, as `/readyz` serves it. */
export type ChainReadiness = {
  chain: string;
  headBlock: number | null;
  indexedBlock: number | null;
  lagMs: number | null;
  /** Wall-clock ms since the ingest last wrote a new head (null: never). */
  headAgeMs: number | null;
  /** false once the head has not moved for the freshness policy's window; null before the first write. */
  fresh: boolean | null;
  /** Why the chain is not ready (a stale head, the worker's last error), when it is not. */
  reason?: string;
};

/** Queries about the deployment itself (chains, readiness). */
export interface MetaQueries {
  listChains(): Promise<ChainRecord[]>;
  readiness(): Promise<ChainReadiness[]>;
}

/**
 * Market queries (tokens, pools, trades, candles, sparklines, prices). Declared in
 * `ports/marketQueries.ts`; every method takes and returns plain JSON (no bigint), so the same
 * object serves in process and over HTTP.
 */
import type { DevTokenQueries } from "./devTokenQueries.ts";
import type { FundingQueries } from "./fundingQueries.ts";
import type { HolderQueries } from "./holderQueries.ts";
import type { MarketQueries } from "./marketQueries.ts";
import type { PortfolioQueries } from "./portfolioQueries.ts";
import type { ProfileQueries } from "./profileQueries.ts";
import type { PulseQueries } from "./pulseQueries.ts";
import type { SearchQueries } from "./searchQueries.ts";
import type { SecurityQueries, TokenMetadataQueries } from "./securityQueries.ts";
import type { TraderQueries } from "./traderQueries.ts";
import type { WalletQueries } from "./walletQueries.ts";

/**
 * What a query shard answers. The API reaches data only through this interface: in process in
 * the dev stack, over HTTP (`POST /rpc/<method>`, JSON params array) to a query pod in a cluster.
 */
export type QueryApi = MetaQueries &
  MarketQueries &
  WalletQueries &
  PortfolioQueries &
  SearchQueries &
  SecurityQueries &
  TokenMetadataQueries &
  HolderQueries &
  PulseQueries &
  TraderQueries &
  FundingQueries &
  DevTokenQueries &
  ProfileQueries;
export type QueryMethod = keyof QueryApi;
