import { InvalidParamError } from "@tapeline/core";
import { describe, expect, it } from "vitest";
import { decodeTradeCursor } from "./decodeTradeCursor.ts";
import { encodeTradeCursor } from "./encodeTradeCursor.ts";

describe("trade cursors", () => {
  it("round-trips a keyset position", () => {
    const c = { order: "desc" as const, at: 1_700_000_000_123, block: 123456, logIndex: 7, id: "0xabc:7" };
    expect(decodeTradeCursor(encodeTradeCursor(c), "desc")).toEqual(c);
  });

  it("refuses garbage and a cursor of the other direction", () => {
    const asc = encodeTradeCursor({ order: "asc", at: 1, block: 2, logIndex: 3, id: "x" });
    expect(() => decodeTradeCursor(asc, "desc")).toThrow(InvalidParamError);
    expect(() => decodeTradeCursor("not-a-cursor", "desc")).toThrow(InvalidParamError);
    expect(() => decodeTradeCursor(Buffer.from('[1,0,-1,2,3,"x"]').toString("base64url"), "desc")).toThrow(
      InvalidParamError,
    );
  });

  it("refuses fields out of their columns' type and range before any SQL", () => {
    const crafted = (fields: unknown[]) => Buffer.from(JSON.stringify(fields)).toString("base64url");
    const cases = [
      [1, 0, 1, 2, 2 ** 31, "0xabc:7"],
      [1, 0, 1, 2, 3, "0xabc\u0000:7"],
      [1, 0, 1, 2, 3, ""],
      [1, 0, 1, 2, 3, "x".repeat(257)],
      [1, 0, 2 ** 53, 2, 3, "x"],
      [1, 0, 1, 1.5, 3, "x"],
    ];
    for (const c of cases) {
      expect(() => decodeTradeCursor(crafted(c), "desc"), JSON.stringify(c)).toThrow(InvalidParamError);
    }
    expect(() => decodeTradeCursor("a".repeat(513), "desc")).toThrow(InvalidParamError);
    expect(() => decodeTradeCursor("eyJ9+/=", "desc")).toThrow(InvalidParamError);
    expect(decodeTradeCursor(crafted([1, 0, 1, 2, 2 ** 31 - 1, "0xabc:7"]), "desc").logIndex).toBe(
      2 ** 31 - 1,
    );
  });
});
