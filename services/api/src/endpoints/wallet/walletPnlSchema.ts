import { z } from "zod";

const usd = z.number();

/** Response schema of `GET /v1/wallet/pnl`, for the OpenAPI document. */
export const walletPnlSchema = z.object({
  data: z.object({
    summary: z.object({
      realizedPnlUsd: usd.describe("realized by the sells of the curve's days"),
      unrealizedPnlUsd: usd.describe("at the last day's close (the same as that day's)"),
      totalPnlUsd: usd.describe("realizedPnlUsd plus unrealizedPnlUsd"),
      boughtUsd: usd.describe("buys of the curve's days of known value"),
      soldUsd: usd.describe("sells of the curve's days of known value"),
      trades: z.int().describe("the wallet's trade events (a transaction per token and side) of the days"),
      wins: z.int().describe("tokens whose sells realized a positive PnL over the curve's days"),
      losses: z.int().describe("tokens whose sells realized a PnL of zero or less over the curve's days"),
      winRatePct: usd
        .nullable()
        .describe("wins over wins plus losses, in percent; null when no sell of the days realized anything"),
    }),
    days: z
      .array(
        z.object({
          at: z.int().describe("the day's UTC midnight, unix milliseconds"),
          realizedPnlUsd: usd.describe("realized by the day's sells (average cost)"),
          unrealizedPnlUsd: usd.describe(
            "at the day's close: each open bag's priced tokens at its token's main pool close, less the bag's cost; bags of unknown close left out",
          ),
          openPositions: z.int().describe("tokens with an open bag at the day's close"),
          unvaluedPositions: z
            .int()
            .describe("open bags left out of unrealizedPnlUsd (no close price or decimals known)"),
          trades: z.int().describe("the wallet's trade events of the day"),
        }),
      )
      .describe("one entry per UTC day from from's day to to's day, oldest first"),
  }),
  meta: z.object({
    asOf: z.int().describe("unix milliseconds"),
    usdBasis: z
      .enum(["spot", "trade"])
      .describe(
        "spot on EVM (every figure at the current native price), trade on Solana (trades at their minute's SOL/USD, closes at the day's)",
      ),
    from: z.int().describe("the curve's first day (UTC midnight, ms)"),
    to: z.int().describe("the curve's last day (UTC midnight, ms)"),
  }),
});
