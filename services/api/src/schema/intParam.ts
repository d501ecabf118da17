import { z } from "zod";
import { documented } from "./documented.ts";
import { integerText } from "./integerText.ts";

/**
 * A query-string integer in `[min, max]`: plain decimal digits only (no sign `+`, exponent,
 * hex, blanks or leading zeros), so every endpoint accepts and refuses the same spellings.
 * @example intParam({ min: 1, max: 2000, default: 200 })
 */
export function intParam(opts: { min: number; max: number; default?: number; description?: string }) {
  const base = integerText().pipe(z.number().int().min(opts.min).max(opts.max));
  const doc = documented(base, {
    type: "integer",
    minimum: opts.min,
    maximum: opts.max,
    ...(opts.default !== undefined ? { default: opts.default } : {}),
    ...(opts.description ? { description: opts.description } : {}),
  });
  return opts.default !== undefined ? doc.default(opts.default) : doc;
}
