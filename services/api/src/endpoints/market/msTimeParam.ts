import { z } from "zod";
import { documented } from "../../schema/documented.ts";
import { MS_THRESHOLD } from "./candleTimeParam.ts";

/**
 * A trade bound (`fromAt`, `toAt`) in unix milliseconds. The rule that tells seconds from
 * milliseconds: a positive value below 10^11 (before 1973-03-03 in ms, but the year 5138 in
 * seconds) is a time in seconds and is refused with 400. `0` is the epoch. `maxAheadMs` bounds
 * the value to at most that far after the request time.
 */
export function msTimeParam(opts: { description: string; maxAheadMs?: number }) {
  const base = z
    .string()
    .regex(/^(0|[1-9][0-9]{0,15})$/, "must be a non-negative integer (unix milliseconds)")
    .transform(Number)
    .superRefine((v, ctx) => {
      if (v > 0 && v < MS_THRESHOLD) {
        ctx.addIssue({
          code: "custom",
          message: "is in seconds; send unix milliseconds",
          params: { reason: "seconds" },
        });
      } else if (opts.maxAheadMs !== undefined && v > Date.now() + opts.maxAheadMs) {
        ctx.addIssue({
          code: "custom",
          message: `is more than ${opts.maxAheadMs / 86_400_000} days ahead`,
          params: { reason: "too_far_ahead" },
        });
      }
    });
  return documented(base, {
    type: "integer",
    minimum: 0,
    description: `${opts.description}; unix milliseconds. A positive value below 10^11 is read as seconds and refused with 400.${
      opts.maxAheadMs !== undefined ? ` At most ${opts.maxAheadMs / 86_400_000} days ahead.` : ""
    }`,
  });
}
