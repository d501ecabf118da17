import { describe, expect, it } from "vitest";
import { buildEquityPoints } from "./buildEquityPoints.ts";

const M = 60_000;
const T = 1_760_000_040_000 - (1_760_000_040_000 % M);

describe("buildEquityPoints", () => {
  const decimals = (t: string) => (t === "nodec" ? null : t === "a" ? 18 : 6);

  it("values each point at the balances left by the changes up to its minute's end", () => {
    const out = buildEquityPoints({
      points: [T, T + 5 * M, T + 10 * M],
      opening: new Map([["a", 2n * 10n ** 18n]]),
      changes: [
        // inside the first point's minute: counted at it
        { token: "b", at: T + 59_999, balance: 3_000_000n },
        // the next minute: not at the first point
        { token: "a", at: T + M, balance: 10n ** 18n },
        { token: "a", at: T + 10 * M, balance: 0n },
      ],
      decimals,
      unitUsd: (t, i) => (t === "a" ? [10, 20, 30][i]! : 1),
    });
    expect(out.values).toEqual([2 * 10 + 3, 1 * 20 + 3, 3]);
    expect(out.unvalued.size).toBe(0);
    expect(out.partialPoints).toBe(0);
  });

  it("leaves a held token of unknown price or decimals out and reports it, and ignores tokens no longer held", () => {
    const out = buildEquityPoints({
      points: [T, T + M, T + 2 * M],
      opening: new Map([
        ["a", 10n ** 18n],
        ["nodec", 5n],
        ["c", 0n],
      ]),
      changes: [{ token: "nodec", at: T + 2 * M, balance: 0n }],
      decimals,
      // a has no price at the first point; c never has one but is not held
      unitUsd: (t, i) => (t === "a" && i > 0 ? 4 : t === "nodec" ? 1 : null),
    });
    expect(out.values).toEqual([0, 4, 4]);
    expect([...out.unvalued].sort()).toEqual(["a", "nodec"]);
    expect(out.partialPoints).toBe(2);
  });
});
