import { describe, expect, it } from "vitest";
import { findCondition, setCondition } from "./setCondition.ts";

describe("setCondition", () => {
  const ready = {
    type: "Ready",
    status: "True" as const,
    reason: "Ok",
    message: "fine",
    observedGeneration: 1,
  };
  it("adds a condition stamped with the time", () => {
    expect(setCondition(undefined, ready, "T0")).toEqual([{ ...ready, lastTransitionTime: "T0" }]);
  });
  it("keeps the transition time while the status holds, moves it when the status flips", () => {
    const list = setCondition(undefined, ready, "T0");
    expect(setCondition(list, { ...ready, message: "still fine", observedGeneration: 2 }, "T1")).toEqual([
      { ...ready, message: "still fine", observedGeneration: 2, lastTransitionTime: "T0" },
    ]);
    const flipped = setCondition(list, { ...ready, status: "False", reason: "Broken" }, "T2");
    expect(findCondition(flipped, "Ready")).toMatchObject({ status: "False", lastTransitionTime: "T2" });
    expect(list[0]?.status).toBe("True");
  });
});
