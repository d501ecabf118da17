import { z } from "zod";
import { integerText } from "../../schema/integerText.ts";

/**
 * A unix-ms time in plain digits; values that look like seconds are refused rather than read
 * 1000x too early.
 */
export const msTime = integerText().pipe(
  z
    .number()
    .int()
    .min(1_000_000_000_000, "times are unix milliseconds (this looks like seconds)")
    .max(10_000_000_000_000),
);

/** Whose usage: the calling key alone (default), or every key of its account. */
export const usageScope = z
  .enum(["key", "account"])
  .default("key")
  .describe("`key` (default): the calling key only. `account`: all keys of the account together.");
