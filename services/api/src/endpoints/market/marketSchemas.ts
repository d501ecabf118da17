import { STATS_WINDOWS } from "@tapeline/core";
import { z } from "zod";

/**
 * Response schemas of the market endpoints, for the OpenAPI document. They describe what the
 * handlers serve (the shapes of `@tapeline/core` MarketQueries results).
 */
const dec = z.string().describe("decimal number as a string");
const ms = z.int().describe("unix milliseconds");
export const errorSlot = z.object({ error: z.object({ code: z.string(), message: z.string() }) });

export const metaSchema = z.object({ asOf: ms });

/** The token snapshot's metadata block (also GET /v1/token/metadata). */
export const tokenMetadataSchema = z.object({
  iconUrl: z.string().nullable(),
  headerUrl: z.string().nullable(),
  websiteUrl: z.string().nullable(),
  twitterUrl: z.string().nullable(),
  telegramUrl: z.string().nullable(),
  discordUrl: z.string().nullable(),
  description: z.string().nullable(),
  dexPaid: z
    .boolean()
    .nullable()
    .describe(
      "whether the token's listing was paid for, as a dex-paid provider answers; null when no provider is configured or it does not know",
    ),
  dexPaidAt: ms.nullable(),
});

export const tokenSnapshotSchema = z.object({
  chain: z.string(),
  address: z.string(),
  name: z.string().nullable(),
  symbol: z.string().nullable(),
  decimals: z.int().nullable(),
  nameRank: z
    .int()
    .nullable()
    .describe("1 for the first token deployed under this symbol on the chain, then 2, ..."),
  totalSupply: dec.nullable().describe("whole tokens"),
  priceNative: dec.nullable(),
  priceUsd: z.number().nullable(),
  marketCapUsd: z
    .number()
    .nullable()
    .describe(
      "price x total supply, sanity-capped: never above 10,000 x liquidityUsd, never above 10^13 USD; null when price or supply is unknown",
    ),
  fdvUsd: z.number().nullable().describe("same rule as marketCapUsd"),
  liquidityNative: dec.nullable().describe("across all the token's markets"),
  liquidityUsd: z.number().nullable(),
  priceNativeAth: dec.nullable(),
  liquidityNativeAth: dec.nullable(),
  pool: z
    .object({
      address: z.string(),
      type: z.string(),
      quoteAddress: z.string(),
      quoteSymbol: z.string().nullable(),
      factory: z.string().nullable(),
      createdAt: ms.nullable(),
    })
    .nullable(),
  launchpad: z
    .object({
      name: z.string().nullable().describe("launchpad of origin"),
      poolAddress: z.string().describe("the bonding-curve market"),
      bondingProgress: z.number().nullable().describe("percent of the curve filled; 100 once graduated"),
      graduated: z.boolean(),
      graduatedAt: ms.nullable(),
    })
    .nullable(),
  deployer: z.string().nullable(),
  createdAt: ms.nullable(),
  stats24h: z.object({
    volumeNative: z.number(),
    volumeUsd: z.number().nullable(),
    buys: z.int(),
    sells: z.int(),
    priceChangePct: z.number().nullable(),
  }),
  metadata: tokenMetadataSchema,
});

export const tokenPriceSchema = z.object({
  chain: z.string(),
  address: z.string(),
  priceNative: dec.nullable(),
  priceUsd: z.number().nullable(),
  marketCapUsd: z.number().nullable(),
  liquidityUsd: z.number().nullable(),
  poolAddress: z.string().nullable().describe("the market the price is read from"),
  updatedAt: ms.nullable().describe("time of that market's latest trade"),
});

export const windowStatsSchema = z.object({
  volumeNative: z.number(),
  volumeUsd: z.number().nullable(),
  buyVolumeNative: z.number(),
  sellVolumeNative: z.number(),
  buys: z.int(),
  sells: z.int(),
  txns: z.int(),
  makers: z.int().describe("distinct makers"),
  priceChangePct: z.number().nullable(),
});
const windowsSchema = z.object(
  Object.fromEntries(STATS_WINDOWS.map((w) => [w, windowStatsSchema.optional()])),
);

export const tokenStatsSchema = z.object({
  chain: z.string(),
  address: z.string(),
  pools: z.array(z.string()),
  usdBasis: z.enum(["spot", "trade"]),
  windows: windowsSchema,
});

export const tokenPoolRowSchema = z.object({
  rank: z.int(),
  chain: z.string(),
  address: z.string(),
  type: z.string(),
  factory: z.string().nullable(),
  exchange: z.string().nullable(),
  quoteAddress: z.string(),
  quoteSymbol: z.string().nullable(),
  priceNative: dec.nullable(),
  priceUsd: z.number().nullable(),
  liquidityNative: dec.nullable(),
  liquidityUsd: z.number().nullable(),
  volume24hNative: z.number(),
  volume24hUsd: z.number().nullable(),
  isLaunchpad: z.boolean(),
  migrated: z.boolean(),
  createdAt: ms.nullable(),
  lastTradeAt: ms.nullable(),
});

export const marketDefinitionSchema = z.object({
  chain: z.string(),
  address: z.string(),
  type: z.string(),
  factory: z.string().nullable(),
  launchpad: z.string().nullable(),
  exchange: z.object({ name: z.string(), logo: z.string().nullable() }),
  feeBps: z.int().nullable(),
  token: z.object({
    address: z.string(),
    name: z.string().nullable(),
    symbol: z.string().nullable(),
    decimals: z.int().nullable(),
    totalSupply: dec.nullable(),
  }),
  quote: z.object({ address: z.string(), symbol: z.string().nullable() }),
  priceNative: dec.nullable(),
  liquidityNative: dec.nullable(),
  isLaunchpad: z.boolean(),
  bondingProgress: z.number().nullable(),
  migrated: z.boolean(),
  createdAt: ms.nullable(),
});

export const poolDataSchema = z.object({
  chain: z.string(),
  address: z.string(),
  tokenAddress: z.string(),
  quoteAddress: z.string(),
  priceNative: dec.nullable(),
  priceUsd: z.number().nullable(),
  liquidityNative: dec.nullable(),
  liquidityUsd: z.number().nullable(),
  marketCapUsd: z.number().nullable(),
  lastTradeAt: ms.nullable(),
  usdBasis: z.enum(["spot", "trade"]),
  windows: windowsSchema,
});

export const tradeRowSchema = z.object({
  id: z.string(),
  at: ms,
  maker: z.string(),
  isBuy: z.boolean(),
  amountToken: z.number().nullable(),
  amountQuote: z.number().nullable(),
  quoteToken: z.object({
    address: z.string(),
    symbol: z.string().nullable(),
    name: z.string().nullable(),
    decimals: z.int().nullable(),
  }),
  priceNative: z.number().nullable(),
  priceUsd: z.number().nullable(),
  volumeNative: z.number().nullable(),
  volumeUsd: z.number().nullable(),
  feesNative: z.number().nullable(),
  isProTrader: z
    .boolean()
    .nullable()
    .describe(
      "the maker's proTrader badge (rules in the traders README); null until the badge job has judged the wallet",
    ),
  isSniper: z
    .boolean()
    .nullable()
    .describe(
      "the maker bought in the first seconds or blocks of the token's first market; null when that market is unknown",
    ),
  isWash: z.boolean().nullable(),
  preconfirmed: z.boolean(),
  txHash: z.string(),
  block: z.int(),
  logIndex: z.int(),
  poolAddress: z.string(),
  traderTxCount: z
    .int()
    .optional()
    .describe("with include=traderTxCounts: the maker's trade count on the tape's markets"),
});

export const tradePageSchema = z.object({
  data: z.array(tradeRowSchema),
  meta: z.object({
    asOf: ms,
    usdBasis: z.enum(["spot", "trade"]),
    hasMore: z.boolean(),
    nextCursor: z.string().nullable(),
  }),
});

const usdUnknown =
  "; null with quote=usd for a window whose SOL/USD rate is unknown (before the chain's USD history)";
export const candleSchema = z.object({
  time: z.int().describe("unix seconds, bucket start"),
  open: z.number().nullable().describe(`open price${usdUnknown}`),
  high: z.number().nullable().describe(`high price${usdUnknown}`),
  low: z.number().nullable().describe(`low price${usdUnknown}`),
  close: z.number().nullable().describe(`close price${usdUnknown}`),
  volume: z.number().nullable().describe(`volume in the quote${usdUnknown}`),
  volumeToken: z.number(),
  trades: z.int(),
});

const pageFields = {
  interval: z.string(),
  count: z.int(),
  oldestTime: z.int().nullable(),
  newestTime: z.int().nullable(),
  hasMore: z.boolean(),
  nextEndTime: z.int().optional(),
  pools: z.array(z.string()),
};

export const candlePageSchema = z.object({
  data: z.array(candleSchema),
  meta: z.object({ asOf: ms, quote: z.enum(["native", "usd"]), ...pageFields }),
});

export const candleSlotSchema = z.union([
  z.object({ data: z.array(candleSchema), ...pageFields }),
  errorSlot,
]);

export const sparklinePointSchema = z.union([z.number(), z.object({ at: ms, value: z.number() })]);

/** A batch answer: one slot per input item, in input order. */
export function slotsOf(schema: z.ZodType) {
  return z.object({ data: z.array(z.union([z.object({ data: schema }), errorSlot])), meta: metaSchema });
}
