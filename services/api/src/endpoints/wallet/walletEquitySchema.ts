import { EQUITY_LIMITS } from "@tapeline/core";
import { z } from "zod";

const span = (ms: number) =>
  ms >= 86_400_000 ? `${ms / 86_400_000} d` : ms >= 3_600_000 ? `${ms / 3_600_000} h` : `${ms / 60_000} min`;

/** Response schema of `GET /v1/wallet/equity/history`, for the OpenAPI document. */
export const walletEquitySchema = z.object({
  data: z.object({
    currentValueUsd: z
      .number()
      .describe(
        "the wallet's latest recorded balances at each token's current main pool price and the latest native/USD rate; tokens of unknown price left out (meta.unvaluedTokens)",
      ),
    points: z
      .array(
        z.object({
          at: z.int().describe("a minute start, unix milliseconds"),
          valueUsd: z
            .number()
            .describe(
              "the wallet's recorded holdings at the end of that minute, valued at that minute's prices; held tokens of unknown price left out (meta.unvaluedTokens, meta.partialPoints)",
            ),
        }),
      )
      .describe(
        `oldest first: to, then every meta.intervalMs back while at or after from; at most ${EQUITY_LIMITS.pointsMax} points`,
      ),
  }),
  meta: z.object({
    asOf: z.int().describe("unix milliseconds"),
    from: z.int().describe("from rounded down to the minute (ms)"),
    to: z.int().describe("to rounded down to the minute (ms); the last point"),
    intervalMs: z
      .int()
      .describe(
        `the points' spacing: the finest of ${EQUITY_LIMITS.stepsMs.map(span).join(", ")} that keeps the range within ${EQUITY_LIMITS.pointsMax} points`,
      ),
    unvaluedTokens: z
      .array(z.string())
      .describe(
        "tokens held at some point (or now) whose USD price was unknown there (no trade of their main pool yet, no native/USD rate within the hour before the minute, or unknown decimals): left out of those values, never counted as zero",
      ),
    partialPoints: z.int().describe("points whose valueUsd leaves out a token of meta.unvaluedTokens"),
    nativeIncluded: z
      .boolean()
      .describe(
        "true when the native coin's own balance is counted at every point: on Solana when the wallet's lamports are known from before the end of the first point's minute (meta.nativeKnownFrom). Always false on EVM, where ETH moves without logs; wrapped native (WETH, wrapped SOL) is counted either way",
      ),
    nativeKnownFrom: z
      .int()
      .nullable()
      .describe(
        "Solana: unix ms of the first logged change of the wallet's lamports; its SOL is counted from there on (points before it leave SOL out) and is unknown before. The ingest logs a wallet's lamports from the first transaction in which it moves a tracked token and is one of the transaction's accounts. null when never logged, and on EVM",
      ),
  }),
});
