import {
  CANDLE_INTERVAL_ALIASES,
  CANDLE_INTERVALS,
  type CandleInterval,
  InvalidParamError,
} from "@tapeline/core";

/** Base candle resolutions the writer stores, in seconds. */
export type BaseResolution = 1 | 60 | 3600 | 86400;

/**
 * A candle interval resolved for reading: its canonical key, its fixed length in seconds (null for
 * `1M`, calendar months), the stored base resolution it rolls up from (the largest one dividing
 * it; weeks and months roll up from days), and the most base buckets one candle can hold.
 */
export type IntervalSpec = {
  key: CandleInterval;
  seconds: number | null;
  base: BaseResolution;
  maxBasePerCandle: number;
};

const SECONDS: Record<Exclude<CandleInterval, "1M">, number> = {
  "1s": 1,
  "5s": 5,
  "15s": 15,
  "30s": 30,
  "1m": 60,
  "3m": 180,
  "5m": 300,
  "15m": 900,
  "30m": 1800,
  "1h": 3600,
  "2h": 7200,
  "4h": 14400,
  "6h": 21600,
  "12h": 43200,
  "1d": 86400,
  "1w": 604800,
};

const BASES: BaseResolution[] = [86400, 3600, 60, 1];

function specOf(key: CandleInterval): IntervalSpec {
  if (key === "1M") return { key, seconds: null, base: 86400, maxBasePerCandle: 31 };
  const seconds = SECONDS[key];
  const base = BASES.find((b) => seconds % b === 0) as BaseResolution;
  return { key, seconds, base, maxBasePerCandle: seconds / base };
}

const SPECS = new Map<string, IntervalSpec>();
for (const key of CANDLE_INTERVALS) SPECS.set(key, specOf(key));
for (const [alias, key] of Object.entries(CANDLE_INTERVAL_ALIASES)) SPECS.set(alias, specOf(key));

/**
 * Resolves a candle interval or one of its aliases (`7d`, `30d`, `1min`, `5min`, `15min`,
 * `30min`, `60`) to its canonical spec. Case matters: `1m` is a minute, `1M` a month.
 * @throws InvalidParamError naming `param` for an unknown interval.
 * @example parseInterval("60").key // "1h"
 */
export function parseInterval(input: string, param = "interval"): IntervalSpec {
  const spec = SPECS.get(input);
  if (!spec) {
    throw new InvalidParamError(param, `unknown interval ${JSON.stringify(input)}`, {
      allowed: [...CANDLE_INTERVALS, ...Object.keys(CANDLE_INTERVAL_ALIASES)],
    });
  }
  return spec;
}
