import { z } from "zod";
import { documented } from "../../schema/documented.ts";

/** Values at or above this are milliseconds (10^11 s is the year 5138; 10^11 ms is 1973). */
export const MS_THRESHOLD = 100_000_000_000;

/**
 * A candle bound (`endTime`, `from`) in unix seconds. A millisecond value (>= 10^11) is accepted
 * and normalized to seconds, rounding down.
 * @example normalizeCandleTime(1_700_000_000_999) // 1_700_000_000
 */
export function normalizeCandleTime(value: number): number {
  return value >= MS_THRESHOLD ? Math.floor(value / 1000) : value;
}

/** Query-string form of a candle bound: a non-negative integer, seconds or milliseconds. */
export function candleTimeParam(description: string) {
  return documented(
    z
      .string()
      .regex(/^(0|[1-9][0-9]{0,15})$/, "must be a non-negative integer (unix seconds)")
      .transform((v) => normalizeCandleTime(Number(v))),
    {
      type: "integer",
      minimum: 0,
      description: `${description}; unix seconds (a millisecond value, >= 10^11, is accepted and normalized)`,
    },
  );
}
