import { CANDLE_INTERVAL_ALIASES, CANDLE_INTERVALS, type CandleInterval } from "@tapeline/core";
import { z } from "zod";
import { documented } from "../../schema/documented.ts";

const ACCEPTED = [...CANDLE_INTERVALS, ...Object.keys(CANDLE_INTERVAL_ALIASES)];

/**
 * Resolves an interval or alias to its canonical key; null when unknown. Only the table's own
 * keys count: `constructor` or `__proto__` is an unknown interval, not an inherited property.
 */
export function canonicalInterval(value: string): CandleInterval | null {
  if ((CANDLE_INTERVALS as readonly string[]).includes(value)) return value as CandleInterval;
  return Object.hasOwn(CANDLE_INTERVAL_ALIASES, value) ? (CANDLE_INTERVAL_ALIASES[value] ?? null) : null;
}

/**
 * A candle interval: a canonical key or an alias (`7d`, `30d`, `1min`, `5min`, `15min`, `30min`,
 * `60`), resolved to the canonical key the response echoes. An unknown interval is a 400.
 */
export function intervalParam() {
  const base = z.string().transform((v, ctx) => {
    const key = canonicalInterval(v);
    if (key) return key;
    ctx.issues.push({ code: "custom", message: `unknown interval; one of ${ACCEPTED.join(", ")}`, input: v });
    return z.NEVER;
  });
  return documented(base, {
    type: "string",
    enum: ACCEPTED,
    default: "5m",
    description:
      "candle interval; aliases 7d=1w, 30d=1M, 1min, 5min, 15min, 30min, 60=1h. meta.interval echoes the canonical key",
  }).default("5m");
}
