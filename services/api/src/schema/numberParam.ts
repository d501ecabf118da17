import { z } from "zod";
import { documented } from "./documented.ts";

const DECIMAL_RE = /^-?(0|[1-9][0-9]*)(\.[0-9]+)?$/;

/**
 * A query-string decimal number in `[min, max]` (plain notation, no exponent). For bounds such
 * as `minValueUsd`, where the spec's type is `num`.
 */
export function numberParam(opts: { min?: number; max?: number; default?: number; description?: string }) {
  let num = z.number();
  if (opts.min !== undefined) num = num.min(opts.min);
  if (opts.max !== undefined) num = num.max(opts.max);
  const base = z.string().regex(DECIMAL_RE, "must be a decimal number").transform(Number).pipe(num);
  const doc = documented(base, {
    type: "number",
    ...(opts.min !== undefined ? { minimum: opts.min } : {}),
    ...(opts.max !== undefined ? { maximum: opts.max } : {}),
    ...(opts.default !== undefined ? { default: opts.default } : {}),
    ...(opts.description ? { description: opts.description } : {}),
  });
  return opts.default !== undefined ? doc.default(opts.default) : doc;
}
