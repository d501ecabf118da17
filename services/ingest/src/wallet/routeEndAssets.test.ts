import { describe, expect, it } from "vitest";
import { routeEndAssets } from "./routeEndAssets.ts";

describe("routeEndAssets", () => {
  it("drops the assets a multi-hop route passes through", () => {
    expect(
      routeEndAssets([
        { sent: "A", received: "B" },
        { sent: "B", received: "C" },
        { sent: "C", received: "D" },
      ]),
    ).toEqual(["A", "D"]);
  });
  it("keeps both ends of two independent swaps and of a split route", () => {
    expect(
      routeEndAssets([
        { sent: "A", received: "B" },
        { sent: "C", received: "D" },
      ]),
    ).toEqual(["A", "B", "C", "D"]);
    expect(
      routeEndAssets([
        { sent: "A", received: "B" },
        { sent: "A", received: "B" },
      ]),
    ).toEqual(["A", "B"]);
  });
  it("keeps the asset of a round trip and drops what it bought on the way", () => {
    expect(
      routeEndAssets([
        { sent: "SOL", received: "X" },
        { sent: "X", received: "SOL" },
      ]),
    ).toEqual(["SOL"]);
  });
});
