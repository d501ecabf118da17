import { describe, expect, it } from "vitest";
import { formatUnits } from "./amount.ts";
import { rawToUnits } from "./rawToUnits.ts";
import { seededInts } from "./testing/seededInts.ts";

describe("rawToUnits", () => {
  it("equals Number(formatUnits(...)) on random amounts of every size and decimals 0..30", () => {
    const rnd = seededInts(7);
    const digit = () => rnd(10);
    for (let i = 0; i < 20_000; i++) {
      const len = 1 + (i % 40);
      let raw = String(1 + (digit() % 9));
      for (let k = 1; k < len; k++) raw += String(digit());
      if (i % 7 === 0) raw = `${raw.slice(0, Math.ceil(len / 2))}${"0".repeat(Math.floor(len / 2))}`;
      const d = i % 31;
      expect(rawToUnits(raw, d), `${raw} ${d}`).toBe(Number(formatUnits(BigInt(raw), d)));
    }
    expect(rawToUnits("0", 18)).toBe(0);
    expect(rawToUnits("1", 18)).toBe(1e-18);
    expect(rawToUnits("1500000", 6)).toBe(1.5);
  });
});
