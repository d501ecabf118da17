import { describe, expect, it } from "vitest";
import { createRecentTradeIds } from "./createRecentTradeIds.ts";

describe("createRecentTradeIds", () => {
  it("reports a market's repeated trade id, not the same id on another market", () => {
    const recent = createRecentTradeIds({ perMarket: 4, markets: 10 });
    expect(recent.seen("m1", "t1")).toBe(false);
    expect(recent.seen("m1", "t2")).toBe(false);
    expect(recent.seen("m1", "t1")).toBe(true);
    expect(recent.seen("m2", "t1")).toBe(false);
  });

  it("keeps only the last ids of a market and the last markets", () => {
    const recent = createRecentTradeIds({ perMarket: 2, markets: 2 });
    for (const id of ["t1", "t2", "t3"]) recent.seen("m1", id);
    expect(recent.seen("m1", "t1")).toBe(false); // pushed out by t3
    expect(recent.seen("m1", "t3")).toBe(true);
    recent.seen("m2", "t1");
    recent.seen("m3", "t1"); // m1 goes
    expect(recent.seen("m1", "t3")).toBe(false);
    expect(recent.seen("m3", "t1")).toBe(true);
  });

  it("lets an orphaned trade's id through again after its rollback", () => {
    const recent = createRecentTradeIds({ perMarket: 8, markets: 10 });
    recent.seen("m1", "t1");
    recent.seen("m1", "t2");
    recent.forget("m1", ["t2"]);
    expect(recent.seen("m1", "t2")).toBe(false);
    expect(recent.seen("m1", "t1")).toBe(true);
  });
});
