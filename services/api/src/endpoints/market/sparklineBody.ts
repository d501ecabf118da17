import { SPARKLINE_TIMEFRAMES } from "@tapeline/core";
import { z } from "zod";

/** Options shared by the sparkline batches. */
export const sparklineOptions = {
  timeframe: z.enum(SPARKLINE_TIMEFRAMES).default("24h"),
  quote: z.enum(["native", "usd"]).default("native"),
  timestamps: z.boolean().default(false),
};

/** Description of the sparkline rules, shared by both batches. */
export const SPARKLINE_RULES =
  "Timeframes (points x interval): 1m 30x2s, 5m 30x10s, 30m 30x1min, 1h 30x2min, 24h 24x1h (default), 7d 28x6h. Each point is the close of its interval, carried over intervals without trades. Without timestamps every answer is the full grid of bare numbers (intervals before a young market's first trade carry that first traded price); with timestamps: true each point is { at, value } (at = interval start, ms) and points start at the first interval with a known price. A market with no data gives [], and so does an unknown one, which is not billed; a market listed twice is answered and billed once. quote=usd is Solana only (each point at the SOL/USD rate of its own time): with an EVM item the call is a 400.";

export const sparklineResponse = z.object({
  data: z.record(z.string(), z.array(z.union([z.number(), z.object({ at: z.int(), value: z.number() })]))),
  meta: z.object({ asOf: z.int(), timeframe: z.string(), quote: z.enum(["native", "usd"]) }),
});
