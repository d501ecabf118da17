import { CANDLE_INTERVALS, InvalidParamError } from "@tapeline/core";
import { describe, expect, it } from "vitest";
import { parseInterval } from "./parseInterval.ts";

describe("parseInterval", () => {
  it("resolves every canonical interval to itself", () => {
    for (const key of CANDLE_INTERVALS) expect(parseInterval(key).key).toBe(key);
  });

  it("resolves the aliases to their canonical keys", () => {
    const cases: [string, string][] = [
      ["7d", "1w"],
      ["30d", "1M"],
      ["1min", "1m"],
      ["5min", "5m"],
      ["15min", "15m"],
      ["30min", "30m"],
      ["60", "1h"],
    ];
    for (const [alias, key] of cases) expect(parseInterval(alias).key).toBe(key);
  });

  it("picks the largest stored resolution dividing the interval; weeks and months from days", () => {
    const base = Object.fromEntries(CANDLE_INTERVALS.map((k) => [k, parseInterval(k).base]));
    expect(base).toEqual({
      "1s": 1,
      "5s": 1,
      "15s": 1,
      "30s": 1,
      "1m": 60,
      "3m": 60,
      "5m": 60,
      "15m": 60,
      "30m": 60,
      "1h": 3600,
      "2h": 3600,
      "4h": 3600,
      "6h": 3600,
      "12h": 3600,
      "1d": 86400,
      "1w": 86400,
      "1M": 86400,
    });
    expect(parseInterval("1w").maxBasePerCandle).toBe(7);
    expect(parseInterval("1M").maxBasePerCandle).toBe(31);
    expect(parseInterval("1M").seconds).toBeNull();
  });

  it("refuses unknown intervals with INVALID_PARAM naming the parameter", () => {
    for (const bad of ["2m", "1y", "1H", "", "1mo", "60s"]) {
      try {
        parseInterval(bad);
        expect.unreachable(`${bad} accepted`);
      } catch (err) {
        expect(err).toBeInstanceOf(InvalidParamError);
        expect((err as InvalidParamError).details).toMatchObject({ param: "interval" });
      }
    }
  });
});
