import { describe, expect, it } from "vitest";
import { createRng } from "./createRng.ts";

describe("createRng", () => {
  it("replays the same sequence for the same seed", () => {
    const a = createRng("seed-1");
    const b = createRng("seed-1");
    const draws = Array.from({ length: 50 }, () => [a.next(), b.next()]);
    for (const [x, y] of draws) expect(x).toBe(y);
  });

  it("gives different sequences for different seeds, numeric or not", () => {
    const a = Array.from({ length: 5 }, createRng(1).next);
    const b = Array.from({ length: 5 }, createRng(2).next);
    expect(a).not.toEqual(b);
    expect(Array.from({ length: 5 }, createRng(1).next)).toEqual(
      Array.from({ length: 5 }, createRng("1").next),
    );
  });

  it("stays within its ranges and covers them", () => {
    const rng = createRng(7);
    const faces = new Set<number>();
    for (let i = 0; i < 2000; i++) {
      const x = rng.next();
      expect(x >= 0 && x < 1).toBe(true);
      const face = rng.int(6);
      faces.add(face);
      const l = rng.logUniform(0.01, 1);
      expect(l >= 0.01 && l < 1).toBe(true);
    }
    expect([...faces].sort()).toEqual([0, 1, 2, 3, 4, 5]);
    expect(() => rng.pick([])).toThrow(RangeError);
  });
});
