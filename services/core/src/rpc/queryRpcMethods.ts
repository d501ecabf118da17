import { z } from "zod";
import type { ChainId } from "../chainId.ts";
import { DEV_TOKEN_LIMITS } from "../ports/devTokenQueries.ts";
import { HOLDER_LIMITS } from "../ports/holderQueries.ts";
import {
  CANDLE_INTERVALS,
  type CandlePage,
  SPARKLINE_TIMEFRAMES,
  STATS_WINDOWS,
} from "../ports/marketQueries.ts";
import { EQUITY_LIMITS, PORTFOLIO_LIMITS } from "../ports/portfolioQueries.ts";
import type { WalletProfileAnswer } from "../ports/profileQueries.ts";
import { PULSE_LIMITS, PULSE_VIEWS } from "../ports/pulseQueries.ts";
import type { QueryApi, QueryMethod } from "../ports/query.ts";
import { SEARCH_LIMITS, SEARCH_SORTS } from "../ports/searchQueries.ts";
import {
  PRO_TRADERS_WALLETS_MAX,
  TOKEN_TOP_TRADER_TIMEFRAMES,
  TOP_TRADER_LIMITS,
  TOP_TRADER_SORTS,
  TOP_TRADER_TIMEFRAMES,
} from "../ports/traderQueries.ts";

/**
 * The query RPC contract between the router and the query shards: every method a shard answers,
 * with the schema of its params array. The shard validates each call against it and refuses a
 * method not listed; the router's shard clients can only call listed methods. The `satisfies`
 * clause ties the list to `QueryApi`: a method added to the interface does not compile until its
 * schema is listed here. Parameters are validated for shape and bounds only; the API edge has
 * already judged addresses against their chains.
 */

const chain = z.string().regex(/^(evm:[1-9][0-9]{0,17}|solana)$/) as unknown as z.ZodType<ChainId>;
const address = z.string().min(1).max(128);
const ref = { chain, address };
const marketRef = z.strictObject(ref);
const pools = z.array(address).min(1).max(50).nullish();
const windows = z.array(z.enum(STATS_WINDOWS)).min(1).max(STATS_WINDOWS.length);
const seconds = z.int().min(0).max(Number.MAX_SAFE_INTEGER);
const amount = z.number().min(0).nullish();

const tradeQuery = z.strictObject({
  ...ref,
  pools,
  fromAt: z.int().min(0).nullish(),
  toAt: z.int().min(0).nullish(),
  cursor: z.string().max(512).nullish(),
  limit: z.int().min(1).max(500),
  maker: address.nullish(),
  side: z.enum(["buy", "sell"]).nullish(),
  minAmountToken: amount,
  minVolumeNative: amount,
  minVolumeUsd: amount,
  order: z.enum(["desc", "asc"]).optional(),
  wash: z.enum(["washOnly", "excludeWash"]).nullish(),
  include: z
    .array(z.enum(["traderTxCounts"]))
    .max(1)
    .optional(),
});

const candleQuery = {
  ...ref,
  interval: z.enum(CANDLE_INTERVALS),
  limit: z.int().min(1).max(2000),
  endTime: seconds.nullish(),
  from: seconds.nullish(),
  quote: z.enum(["native", "usd"]),
  fill: z.boolean(),
};

const sparklineQuery = z.strictObject({
  ...ref,
  timeframe: z.enum(SPARKLINE_TIMEFRAMES),
  quote: z.enum(["native", "usd"]),
  timestamps: z.boolean(),
});

const ms = z.int().min(0).max(Number.MAX_SAFE_INTEGER).nullable();
const walletRef = { chain, wallet: address };
const portfolioTokens = z.array(address).min(1).max(PORTFOLIO_LIMITS.tokensMax).nullable();

/** Schema of each method's params array. */
export const queryRpcMethods = {
  listChains: z.tuple([]),
  readiness: z.tuple([]),
  nativePrices: z.tuple([]),
  tokenSnapshot: z.tuple([marketRef]),
  tokenPrice: z.tuple([
    z.strictObject({
      ...ref,
      after: z
        .array(
          z.strictObject({
            topic: z.string().min(1).max(200),
            id: z.string().regex(/^\d{1,20}(-\d{1,20})?$/),
          }),
        )
        .max(64)
        .optional(),
    }),
  ]),
  tokenSecurity: z.tuple([marketRef]),
  tokenMetadata: z.tuple([marketRef]),
  tokenHolders: z.tuple([
    z.strictObject({
      ...ref,
      limit: z.int().min(HOLDER_LIMITS.min).max(HOLDER_LIMITS.max),
      cursor: z.string().max(512).nullable(),
    }),
  ]),
  devTokens: z.tuple([
    z.strictObject({
      chain,
      address: address.nullable(),
      wallet: address.nullable(),
      limit: z.int().min(DEV_TOKEN_LIMITS.min).max(DEV_TOKEN_LIMITS.max),
    }),
  ]),
  tokenPools: z.tuple([z.strictObject({ ...ref, limit: z.int().min(1).max(100) })]),
  tokenStats: z.tuple([z.strictObject({ ...ref, pools, windows })]),
  poolDefinition: z.tuple([marketRef]),
  poolData: z.tuple([z.strictObject({ ...ref, windows })]),
  poolTrades: z.tuple([tradeQuery]),
  tokenTrades: z.tuple([tradeQuery]),
  poolOhlcv: z.tuple([z.strictObject(candleQuery)]),
  tokenOhlcv: z.tuple([z.strictObject({ ...candleQuery, pools })]),
  poolSparkline: z.tuple([sparklineQuery]),
  tokenSparkline: z.tuple([sparklineQuery]),
  walletSwaps: z.tuple([
    z.strictObject({
      ...walletRef,
      cursor: z.string().min(1).max(512).nullable(),
      limit: z.int().min(1).max(100),
      from: ms,
      to: ms,
      beforeAt: ms,
    }),
  ]),
  walletTrades: z.tuple([z.strictObject({ ...walletRef, limit: z.int().min(1).max(100), beforeAt: ms })]),
  walletPositions: z.tuple([
    z.strictObject({
      ...walletRef,
      tokens: portfolioTokens,
      minValueUsd: z.number().min(0),
      includeNative: z.boolean(),
      includeStables: z.boolean(),
      limit: z.int().min(1).max(PORTFOLIO_LIMITS.positionsLimitMax).nullable(),
      offset: z.int().min(0).max(Number.MAX_SAFE_INTEGER),
    }),
  ]),
  walletClosedPositions: z.tuple([
    z.strictObject({
      ...walletRef,
      tokens: portfolioTokens,
      sort: z.enum(["lastTradeAt", "pnl"]),
      take: z.int().min(1).max(Number.MAX_SAFE_INTEGER),
    }),
  ]),
  walletPnl: z.tuple([
    z.strictObject({
      ...walletRef,
      fromDay: z.int().min(0).max(Number.MAX_SAFE_INTEGER),
      toDay: z.int().min(0).max(Number.MAX_SAFE_INTEGER),
    }),
  ]),
  walletEquityHistory: z.tuple([
    z
      .strictObject({
        ...walletRef,
        from: z.int().min(0).max(Number.MAX_SAFE_INTEGER),
        to: z.int().min(0).max(Number.MAX_SAFE_INTEGER),
        stepMs: z.int().refine((s) => (EQUITY_LIMITS.stepsMs as readonly number[]).includes(s)),
      })
      .refine((q) => q.from <= q.to && q.to - q.from <= EQUITY_LIMITS.rangeMaxMs, "from..to out of bounds")
      .refine(
        (q) => Math.floor((q.to - q.from) / q.stepMs) + 1 <= EQUITY_LIMITS.pointsMax,
        "too many points",
      ),
  ]),
  pulse: z.tuple([
    z.strictObject({
      view: z.enum(PULSE_VIEWS),
      chains: z.array(chain).min(1).max(PULSE_LIMITS.chainsMax),
      limit: z.int().min(1).max(PULSE_LIMITS.limitMax),
    }),
  ]),
  poolTopTraders: z.tuple([
    z.strictObject({
      ...ref,
      timeframe: z.enum(TOP_TRADER_TIMEFRAMES),
      sortBy: z.enum(TOP_TRADER_SORTS),
      order: z.enum(["desc", "asc"]),
      limit: z.int().min(1).max(TOP_TRADER_LIMITS.limitMax),
    }),
  ]),
  tokenLaunchLabels: z.tuple([marketRef]),
  proTraders: z.tuple([
    z.strictObject({ chain, wallets: z.array(address).min(1).max(PRO_TRADERS_WALLETS_MAX) }),
  ]),
  tokenTopTraders: z.tuple([
    z.strictObject({
      ...ref,
      timeframe: z.enum(TOKEN_TOP_TRADER_TIMEFRAMES),
      sortBy: z.enum(TOP_TRADER_SORTS),
      order: z.enum(["desc", "asc"]),
      limit: z.int().min(1).max(TOP_TRADER_LIMITS.limitMax),
    }),
  ]),
  walletFunding: z.tuple([z.strictObject(walletRef)]),
  walletProfile: z.tuple([z.strictObject({ address })]),
  search: z.tuple([
    z.strictObject({
      q: z.string().min(1).max(SEARCH_LIMITS.qMaxLength),
      chains: z.array(chain).min(1).max(SEARCH_LIMITS.chainsMax).nullable(),
      sortBy: z.enum(SEARCH_SORTS),
      order: z.enum(["desc", "asc"]),
      limit: z.int().min(1).max(SEARCH_LIMITS.limitMax),
    }),
  ]),
} satisfies { [M in QueryMethod]: z.ZodType<Parameters<QueryApi[M]>> };

/** A method of the query RPC contract. */
export type QueryRpcMethod = keyof typeof queryRpcMethods;

/** The listed methods, for building clients and checking servers. */
export const QUERY_RPC_METHODS = Object.keys(queryRpcMethods) as QueryRpcMethod[];

/** True when `name` is a method of the contract (and not an object prototype key). */
export function isQueryRpcMethod(name: string): name is QueryRpcMethod {
  return Object.hasOwn(queryRpcMethods, name);
}

/**
 * Methods that answer a `JsonText`: a shard sends its text as the body (or as the batch slot, so
 * the text must already be the slot), and the router takes the body in as text, unparsed.
 */
export const JSON_TEXT_METHODS: ReadonlySet<QueryRpcMethod> = new Set<QueryRpcMethod>(["walletSwaps"]);

/** Methods of one JSON argument that a batch call may run for many items at once. */
export type SingleArgMethod = {
  [M in QueryRpcMethod]: Parameters<QueryApi[M]> extends [unknown] ? M : never;
}[QueryRpcMethod];

/**
 * The batchable methods and the slot each result becomes (`{ data: result }` unless a method
 * says otherwise; a `JsonText` result is its own slot). A slot is exactly what the API's batch endpoint answers for that item, so the
 * router passes the shard's serialized slots through unchanged.
 */
export const queryBatchMethods = {
  tokenSnapshot: {},
  tokenPrice: {},
  tokenSecurity: {},
  tokenStats: {},
  poolDefinition: {},
  poolData: {},
  // A candle batch slot is the single call's page without the page-level fields the batch's
  // meta already carries (spec: "identical to the single GET of that market").
  poolOhlcv: {
    slot: (page: CandlePage) => ({
      data: page.data,
      interval: page.interval,
      count: page.count,
      oldestTime: page.oldestTime,
      newestTime: page.newestTime,
      hasMore: page.hasMore,
      ...(page.nextEndTime !== undefined ? { nextEndTime: page.nextEndTime } : {}),
      pools: page.pools,
    }),
  },
  poolSparkline: {},
  tokenSparkline: {},
  // A wallet batch slot is the single call's page (spec: each wallet paginates on its own cursor).
  walletFunding: {},
  // The page is answered as JSON text already in the slot's shape (see `JSON_TEXT_METHODS`).
  walletSwaps: {},
  // A profile batch slot is the profile alone, null without known identity (spec).
  walletProfile: { slot: (answer: WalletProfileAnswer) => ({ data: answer.profile }) },
} satisfies { [M in SingleArgMethod]?: { slot?: (result: Awaited<ReturnType<QueryApi[M]>>) => object } };

/** A method a batch call may run. */
export type QueryBatchMethod = keyof typeof queryBatchMethods;

/** The most items one batch call carries (the API's largest batch). */
export const MAX_BATCH_ITEMS = 100;

/** True when `name` is a batchable method of the contract. */
export function isQueryBatchMethod(name: string): name is QueryBatchMethod {
  return Object.hasOwn(queryBatchMethods, name);
}
