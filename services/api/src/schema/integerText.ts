import { z } from "zod";

const INT_RE = /^-?(0|[1-9][0-9]*)$/;

/**
 * The one spelling of an integer in a query string: plain decimal digits with an optional `-`
 * (no `+`, exponent, hex, blanks or leading zeros), read as a number. Every integer parameter
 * goes through it, so no endpoint accepts `0x1a`, ` 12` or `1e12` where another refuses them.
 * @example integerText().pipe(z.number().int().min(0))
 */
export function integerText() {
  return z.string().regex(INT_RE, "must be an integer").transform(Number);
}
