import type { Bus, Cache, ChainId, Context, QueryApi } from "@tapeline/core";
import type pg from "pg";
import type { MarketEventFeed } from "./hot/MarketEventFeed.ts";
import type { HoldingsNodeConfig } from "./portfolio/parseHoldingsNodes.ts";

/**
 * What a query provider gets to build its methods. `bus`, `cache` and `events` (the shard's
 * market events and key ownership) are absent where not wired.
 */
export type QueryDeps = {
  pool: pg.Pool;
  ctx: Context;
  bus?: Bus;
  cache?: Cache;
  events?: MarketEventFeed;
  /** chain nodes for request-time reads (wallet holdings), by chain */
  holdingsNodes?: ReadonlyMap<ChainId, HoldingsNodeConfig>;
  /** funder tags added by configuration (`FUNDER_TAGS`), by wallet key */
  funderTags?: ReadonlyMap<string, string>;
  /** locker contracts added by configuration (`LOCKERS`) to the shipped list, as `<chain>/<address>` */
  lockers?: ReadonlySet<string>;
  /** JSON file of social identity records the wallet profiles read (`IDENTITY_FILE`) */
  identityFile?: string;
};

/** Methods a provider adds to the shard's QueryApi, and how to release what it holds. */
export type QueryProviderResult = { methods: Partial<QueryApi>; close?: () => Promise<void> };

/**
 * A named group of query methods (meta, market, ...). Providers are merged into one QueryApi;
 * two providers defining the same method is a startup error. A folder of services/query/src
 * plugs one in by exporting `provider: QueryProvider` from `<folder>/provider.ts`, listed in
 * `queryProviders`.
 */
export type QueryProvider = {
  name: string;
  create(deps: QueryDeps): QueryProviderResult | Promise<QueryProviderResult>;
};
