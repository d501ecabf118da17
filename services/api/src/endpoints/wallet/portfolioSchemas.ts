import { POSITION_LABELS } from "@tapeline/core";
import { z } from "zod";

/** Response schemas of the portfolio endpoints, for the OpenAPI document. */
const ms = z.int().describe("unix milliseconds");
const usd = z.number();

export const walletPositionRowSchema = z.object({
  chain: z.string(),
  address: z.string(),
  symbol: z.string(),
  name: z.string(),
  iconUrl: z.string().nullable().describe("https URL"),
  kind: z.enum(["position", "native", "stable"]),
  decimals: z.int(),
  amount: z.string().describe("on-chain balance, already scaled by decimals"),
  amountUsd: usd
    .nullable()
    .describe(
      "proceeds of selling the whole amount into the main pool now, pool fee and price impact included (curve price on a live bonding curve); face value on native and stable rows; null when no pool has usable reserves",
    ),
  entryPriceUsd: usd.nullable().describe("average entry of the current bag (it restarts after a full exit)"),
  entryPriceLifetimeUsd: usd.nullable().describe("average entry over every buy"),
  currentPriceUsd: usd.nullable().describe("main pool price; null when it has none"),
  marketCapUsd: usd.nullable().describe("currentPriceUsd times total supply; null on native and stable rows"),
  exitPriceUsd: usd.nullable().describe("average price of all sells; null when nothing sold"),
  realizedPnlUsd: usd
    .nullable()
    .describe(
      "realized over the token's whole history (counted here or on closed positions, never both); null on native and stable rows, 0 on holdings without cost basis",
    ),
  unrealizedPnlUsd: usd
    .nullable()
    .describe("value of the bag's part of the balance minus its cost; null when the value is unknown"),
  totalPnlUsd: usd
    .nullable()
    .describe("realized plus unrealized (unknown unrealized counts 0); null on native and stable rows"),
  boughtTokens: z.string(),
  soldTokens: z.string(),
  boughtUsd: usd,
  soldUsd: usd,
  buys: z.int(),
  sells: z.int(),
  firstTradeAt: ms.nullable(),
  lastTradeAt: ms.nullable(),
  holdingSince: ms.nullable().describe("when the current bag was opened; null without one"),
  buyFeesUsd: usd
    .nullable()
    .describe(
      "network fees and tips of the buys, USD at each transaction's minute; null when one is unknown or for rows without trades",
    ),
  sellFeesUsd: usd.nullable(),
  totalFeesUsd: usd.nullable(),
  labels: z
    .array(z.enum(POSITION_LABELS))
    .describe(
      "in this order, those that hold: dev (the wallet created the token), sniper and bundler (of the token's launch), whale (at least 500,000 USD of the token traded over the last 30 days), proTrader and smartTrader (wallet badges repeated on each row); [] on native and stable rows. Rules in the traders README",
    ),
});

export const walletPositionsPageSchema = z.object({
  data: z.array(walletPositionRowSchema),
  meta: z.object({
    asOf: ms.describe("when the holdings were read from the chain's node"),
    hasMore: z.boolean(),
    summary: z.object({
      totalValueUsd: usd.describe("every row whatever minValueUsd and the page, rows of known value"),
      realizedPnlUsd: usd,
      unrealizedPnlUsd: usd.describe("rows of known unrealized PnL"),
      totalPnlUsd: usd,
      positions: z.int().describe("rows across every page (after minValueUsd)"),
    }),
  }),
});

export const walletClosedPositionsPageSchema = z.object({
  data: z.array(
    z.object({
      chain: z.string(),
      address: z.string(),
      symbol: z.string(),
      name: z.string(),
      iconUrl: z.string().nullable(),
      decimals: z.int(),
      totalBuyUsd: usd,
      totalSellUsd: usd,
      totalBuyNative: usd,
      totalSellNative: usd,
      realizedPnlUsd: usd,
      realizedPnlNative: usd,
      realizedPnlPercent: usd.describe(
        "realized PnL over total USD bought, in percent (0 when no buy had a known value)",
      ),
      buyCount: z.int(),
      sellCount: z.int(),
      lastTradeAt: ms.describe("the exit"),
      buyFeesUsd: usd.nullable(),
      sellFeesUsd: usd.nullable(),
      totalFeesUsd: usd.nullable(),
    }),
  ),
  meta: z.object({
    asOf: ms.describe("time of the snapshot every page of the next minute is cut from"),
    hasMore: z.boolean(),
    oldestAt: ms.nullable().describe("exit time (lastTradeAt) of the page's last row; null on an empty page"),
  }),
});
