import { describe, expect, it } from "vitest";
import { jsonArrayParts } from "./jsonArrayParts.ts";

describe("jsonArrayParts", () => {
  it("joins to exactly the array's JSON at every length around a part's size", () => {
    for (const n of [0, 1, 2, 63, 64, 65, 128, 129, 500]) {
      const rows = Array.from({ length: n }, (_, i) => ({
        i,
        name: i % 7 === 0 ? "Pépé 🐸" : `t${i}`,
        v: i / 3,
      }));
      const parts = jsonArrayParts(rows);
      expect(Buffer.concat(parts).toString("utf8"), `${n} rows`).toBe(JSON.stringify(rows));
      expect(parts.length).toBe(Math.max(1, Math.ceil(n / 64)));
    }
  });

  it("uses the array serializer it is given for each part", () => {
    const rows = Array.from({ length: 130 }, (_, i) => i);
    const custom = (r: readonly number[]) => `[${r.map((v) => `"${v}"`).join(",")}]`;
    expect(Buffer.concat(jsonArrayParts(rows, custom)).toString("utf8")).toBe(custom(rows));
  });
});
