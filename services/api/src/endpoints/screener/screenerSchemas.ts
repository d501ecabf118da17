import { STATS_WINDOWS } from "@tapeline/core";
import { z } from "zod";

const windowStats = z.object({
  volumeNative: z.number(),
  volumeUsd: z.number().nullable(),
  buys: z.int(),
  sells: z.int(),
  txns: z.int(),
  feesNative: z.number().nullable().describe("transaction fees paid by the window's traders, native"),
  feesUsd: z.number().nullable(),
  priceChangePct: z.number().nullable(),
});

const identity = {
  chain: z.string(),
  address: z.string().describe("the token"),
  name: z.string().nullable(),
  symbol: z.string().nullable(),
  token: z.object({ address: z.string(), name: z.string().nullable(), symbol: z.string().nullable() }),
  pool: z.object({
    address: z.string(),
    type: z.string(),
    factory: z.string().nullable(),
    quoteAddress: z.string(),
    quoteSymbol: z.string().nullable(),
  }),
  type: z.string().describe("venue type, same as pool.type"),
  quote: z.object({ address: z.string(), symbol: z.string().nullable() }),
};

/** A screener row: identity, prices, liquidity, age, the headline 24 h figures and `stats` per window. */
export const screenerRowSchema = z.object({
  ...identity,
  priceNative: z.string().nullable(),
  priceUsd: z.number().nullable(),
  marketCapUsd: z.number().nullable(),
  liquidityUsd: z.number().nullable(),
  createdAt: z.int().nullable(),
  ageSeconds: z.int().nullable(),
  volume24hUsd: z.number().nullable(),
  priceChange24hPct: z.number().nullable(),
  txns: z.int(),
  buys: z.int(),
  sells: z.int(),
  stats: z.partialRecord(z.enum(STATS_WINDOWS), windowStats),
});

/** A `sortBy=createdAt` row: identity, price and market cap only. */
export const newestRowSchema = z.object({
  ...identity,
  priceNative: z.string().nullable(),
  priceUsd: z.number().nullable(),
  marketCapUsd: z.number().nullable(),
  createdAt: z.int().nullable(),
});

export const screenerResponseSchema = z.object({
  data: z.array(z.union([screenerRowSchema, newestRowSchema])),
  meta: z.object({
    asOf: z.int(),
    universe: z.string(),
    chains: z.array(z.object({ chain: z.string(), markets: z.int(), asOf: z.int().nullable() })),
    sortBy: z.string(),
    sortOrder: z.enum(["desc", "asc"]),
    timeframe: z.enum(STATS_WINDOWS),
    hasMore: z.boolean(),
    nextCursor: z.string().nullable(),
  }),
});
