import { describe, expect, it } from "vitest";
import { unionPerMarket } from "./unionPerMarket.ts";

describe("unionPerMarket", () => {
  it("gives each market its own parameter and parenthesized branch, joined with union all", () => {
    const params: unknown[] = [10];
    const p = (v: unknown) => {
      params.push(v);
      return `$${params.length}`;
    };
    const sql = unionPerMarket(
      ["evm:1/0xa", "evm:1/0xb"],
      p,
      (m) => `select 1 from t where market = ${m} limit $1`,
    );
    expect(sql).toBe(
      "(select 1 from t where market = $2::text limit $1) union all (select 1 from t where market = $3::text limit $1)",
    );
    expect(params).toEqual([10, "evm:1/0xa", "evm:1/0xb"]);
  });

  it("refuses an empty market list, which has no valid SQL", () => {
    expect(() => unionPerMarket([], String, () => "select 1")).toThrow(RangeError);
  });
});
