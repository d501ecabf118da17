import { formatUnits } from "@tapeline/core";
import { seededInts } from "@tapeline/core/testing";
import { describe, expect, it } from "vitest";
import { unitsJson } from "./unitsJson.ts";

describe("unitsJson", () => {
  it("reads the amount in place to the text JSON gives Number(formatUnits(...))", () => {
    const rnd = seededInts(11);
    for (let i = 0; i < 50_000; i++) {
      let raw = String(1 + rnd(9));
      for (let k = rnd(40); k > 0; k--) raw += rnd(3) === 0 ? "0" : String(rnd(10));
      if (rnd(4) === 0) raw += "0".repeat(rnd(30));
      if (rnd(50) === 0) raw = "0";
      const d = rnd(40);
      const expected = JSON.stringify(Number(formatUnits(BigInt(raw), d)));
      expect(unitsJson(`\u0002${raw}\u0001`, 1, raw.length + 1, d), `${raw} ${d}`).toBe(expected);
    }
  });

  it("writes plain digits from 1e-6 to below 1e21, and an exponent past them, as Number does", () => {
    const at = (raw: string, d: number) => unitsJson(raw, 0, raw.length, d);
    expect(at("1", 6)).toBe("0.000001");
    expect(at("1", 7)).toBe("1e-7");
    expect(at("15", 8)).toBe("1.5e-7");
    expect(at("1", 0)).toBe("1");
    expect(at(`1${"0".repeat(20)}`, 0)).toBe("100000000000000000000");
    expect(at(`1${"0".repeat(21)}`, 0)).toBe("1e+21");
    expect(at("123456", 3)).toBe("123.456");
    expect(at("5000", 2)).toBe("50");
    expect(at("0", 18)).toBe("0");
  });

  it("prints a signed or zero-led amount as the double it parses to", () => {
    for (const raw of ["-5", "-1200", "007", "0000", "05000000000000000000000"])
      for (const d of [0, 2, 18])
        expect(unitsJson(raw, 0, raw.length, d), `${raw} ${d}`).toBe(
          JSON.stringify(Number(formatUnits(BigInt(raw), d))),
        );
  });
});
