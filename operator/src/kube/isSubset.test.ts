import { describe, expect, it } from "vitest";
import { isSubset } from "./isSubset.ts";

describe("isSubset", () => {
  it("accepts live objects with extra (defaulted) fields", () => {
    expect(isSubset({ a: 1, b: { c: "x" } }, { a: 1, b: { c: "x", d: 2 }, e: [] })).toBe(true);
  });
  it("rejects a changed or missing value", () => {
    expect(isSubset({ a: 1 }, { a: 2 })).toBe(false);
    expect(isSubset({ a: { b: 1 } }, { a: {} })).toBe(false);
    expect(isSubset({ a: "1" }, { a: 1 })).toBe(false);
  });
  it("compares arrays element by element with the same length", () => {
    expect(isSubset([{ name: "a" }], [{ name: "a", x: 1 }])).toBe(true);
    expect(isSubset([{ name: "a" }], [{ name: "a" }, { name: "b" }])).toBe(false);
    expect(isSubset([1, 2], [2, 1])).toBe(false);
  });
  it("treats a number as equal to its string form, as quantities come back", () => {
    expect(isSubset({ cpu: 1 }, { cpu: "1" })).toBe(true);
  });
});
