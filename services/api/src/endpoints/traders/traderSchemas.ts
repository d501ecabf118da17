import { TOKEN_TOP_TRADER_TIMEFRAMES, TOP_TRADER_SORTS, TOP_TRADER_TIMEFRAMES } from "@tapeline/core";
import { z } from "zod";

/** Response schemas of the trader endpoints, for the OpenAPI document. */
const dec = z.string().describe("decimal number as a string");
const ms = z.int().describe("unix milliseconds");
const windowedNull = (what: string) =>
  z
    .number()
    .nullable()
    .describe(`${what}; null on windowed rankings (filled by token top traders with timeframe=all)`);
const unknownNull = (what: string) =>
  z
    .number()
    .nullable()
    .describe(`${what}; null when a trade of the window has no known native value (or, on Solana, USD rate)`);

export const topTraderRowSchema = z.object({
  rank: z.int().describe("1-based position in this ranking"),
  address: z.string().describe("the wallet (the trades' resolved maker)"),
  buys: z.int(),
  sells: z.int(),
  boughtTokens: dec.nullable().describe("whole tokens bought in the window; null when decimals are unknown"),
  soldTokens: dec.nullable().describe("whole tokens sold in the window"),
  openTokens: dec
    .nullable()
    .describe("bought minus sold in the window, floored at 0 (tokens sold beyond it came from earlier buys)"),
  boughtNative: unknownNull("native value bought"),
  soldNative: unknownNull("native value sold"),
  boughtUsd: unknownNull("USD bought, priced as meta.usdBasis says"),
  soldUsd: unknownNull("USD sold"),
  positionValueNative: windowedNull("value of the open position"),
  positionValueUsd: windowedNull("value of the open position"),
  unrealizedPnlNative: windowedNull("unrealized PnL"),
  unrealizedPnlUsd: windowedNull("unrealized PnL"),
  totalPnlNative: windowedNull("total PnL"),
  totalPnlUsd: windowedNull("total PnL"),
  realizedPnlNative: unknownNull("net native cashflow over the window: sold minus bought"),
  realizedPnlUsd: unknownNull("net USD cashflow over the window"),
  avgBuyPriceNative: z
    .number()
    .nullable()
    .describe("native bought over whole tokens bought; null without buys in the window"),
  winRatePct: windowedNull("share of profitable closed positions"),
  isDev: z
    .boolean()
    .nullable()
    .describe(
      "the wallet created the token (launchpad creator, token deployer); null when the creator is unknown",
    ),
  isSniper: z
    .boolean()
    .nullable()
    .describe(
      "bought in the first seconds or blocks of the token's first market (see the labels README); null when the token has no stored market",
    ),
  isProTrader: z.boolean().nullable().describe("wallet badge; null until the wallet's badges are computed"),
  firstTradeAt: ms.describe("first trade in the window"),
  lastTradeAt: ms.describe("last trade in the window"),
});

export const topTradersPageSchema = z.object({
  data: z.array(topTraderRowSchema),
  meta: z.object({
    asOf: ms,
    usdBasis: z.enum(["spot", "trade"]),
    sortBy: z.enum(TOP_TRADER_SORTS),
    order: z.enum(["desc", "asc"]),
    timeframe: z.enum(TOP_TRADER_TIMEFRAMES),
    traderCount: z.int().describe("distinct wallets that traded the market in the window"),
  }),
});

export const tokenTopTradersPageSchema = z.object({
  data: z.array(topTraderRowSchema),
  meta: z.object({
    asOf: ms,
    usdBasis: z.enum(["spot", "trade"]),
    sortBy: z.enum(TOP_TRADER_SORTS),
    order: z.enum(["desc", "asc"]),
    timeframe: z.enum(TOKEN_TOP_TRADER_TIMEFRAMES),
    traderCount: z.int().describe("distinct wallets that traded the token's markets in the window"),
    pools: z
      .array(z.string())
      .describe("the token's markets summed (at most 200, most native liquidity first)"),
  }),
});
