import { z } from "zod";
import { documented } from "./documented.ts";

/**
 * A comma-separated list of `min` to `max` items, each parsed by `item` (whose input is the
 * item's text). Empty items (`a,,b`, a trailing comma) are refused rather than skipped.
 * @example csvParam(chainIdParam(), { min: 1, max: 8 })
 */
export function csvParam<T extends z.ZodType<unknown, string>>(
  item: T,
  opts: { min: number; max: number; description?: string },
) {
  const base = z
    .string()
    .transform((v) => v.split(","))
    .pipe(
      z
        .array(z.string().min(1, "must not hold empty items").pipe(item))
        .min(opts.min, `must list at least ${opts.min} item(s)`)
        .max(opts.max, `must list at most ${opts.max} items`),
    );
  return documented(base, {
    type: "string",
    description: `${opts.description ? `${opts.description}; ` : ""}comma-separated, ${opts.min} to ${opts.max} items`,
  });
}
