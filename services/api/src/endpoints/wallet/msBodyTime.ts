import { z } from "zod";
import { MS_THRESHOLD } from "../market/candleTimeParam.ts";

/**
 * A body time in unix milliseconds (JSON integer): a positive value below 10^11 is a time in
 * seconds and is refused with `details.reason` `seconds`, as the query-string form does.
 */
export function msBodyTime(description: string) {
  return z
    .int()
    .min(0)
    .max(Number.MAX_SAFE_INTEGER)
    .superRefine((v, ctx) => {
      if (v > 0 && v < MS_THRESHOLD)
        ctx.addIssue({
          code: "custom",
          message: "is in seconds; send unix milliseconds",
          params: { reason: "seconds" },
        });
    })
    .describe(
      `${description}; unix milliseconds (a positive value below 10^11 is read as seconds and refused)`,
    );
}
