import { describe, expect, it } from "vitest";
import { msTime } from "./usageQueryParams.ts";

describe("usage time bounds", () => {
  it("take plain unix-ms digits only: no hex, blanks, exponent, sign or fraction", () => {
    expect(msTime.parse("1700000000000")).toBe(1_700_000_000_000);
    for (const spelled of [
      "0x1a209bbfc25",
      " 1700000000000",
      "1700000000000 ",
      "1.7e12",
      "+1700000000000",
      "1700000000000.0",
      "01700000000000",
      "",
    ]) {
      expect(msTime.safeParse(spelled).success, JSON.stringify(spelled)).toBe(false);
    }
  });

  it("refuse a value that looks like seconds", () => {
    expect(msTime.safeParse("1700000000").error?.issues[0]?.message).toMatch(/milliseconds/);
  });
});
