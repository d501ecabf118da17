import { describe, expect, it } from "vitest";
import { jsonBytes } from "./jsonBytes.ts";

const rows = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ i, name: i % 7 === 0 ? "Pépé 🐸" : `t${i}`, v: i / 3, x: null }));

describe("jsonBytes", () => {
  it("gives JSON.stringify's bytes for pages around a part's size, data anywhere among the fields", () => {
    for (const n of [0, 1, 64, 65, 129, 500]) {
      for (const value of [
        { data: rows(n), meta: { hasMore: true, nextCursor: "c\u00e9", asOf: 1 } },
        { before: "ü", data: rows(n), after: [1, { deep: "🐸" }] },
        { data: rows(n) },
      ]) {
        expect(jsonBytes(value).toString("utf8"), `${n} rows`).toBe(JSON.stringify(value));
      }
    }
  });

  it("serializes whole what parts would get wrong", () => {
    const page = rows(200);
    const cases: object[] = [
      // the stand-in's text in another field, before or after the rows
      { note: "\u0000data\u0000", data: page },
      { data: page, note: "\u0000data\u0000" },
      // an object that serializes itself, a class instance, rows that are not an array
      { data: page, toJSON: () => ({ replaced: true }) },
      new (class Page {
        data = page;
        get hidden() {
          return 1;
        }
      })(),
      { data: { 0: "a" } },
      [page],
    ];
    for (const value of cases) expect(jsonBytes(value).toString("utf8")).toBe(JSON.stringify(value));
  });
});
