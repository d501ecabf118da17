import { InvalidParamError, isServed, NotFoundError, runBatch } from "@tapeline/core";
import { describe, expect, it } from "vitest";

describe("runBatch", () => {
  it("answers one slot per input, in input order, whatever the completion order", async () => {
    const items = Array.from({ length: 25 }, (_, i) => i);
    const finished: number[] = [];
    const slots = await runBatch(
      items,
      async (n) => {
        // Higher inputs finish earlier.
        await new Promise((r) => setTimeout(r, (25 - n) % 7));
        finished.push(n);
        if (n % 5 === 0) throw new NotFoundError(`item ${n} unknown`, { n });
        if (n % 7 === 0) throw new InvalidParamError("address", `item ${n} malformed`);
        if (n === 24) throw new Error("driver exploded with secret details");
        return n * 2;
      },
      4,
    );
    expect(finished).not.toEqual(items);
    expect(slots).toHaveLength(items.length);
    slots.forEach((slot, n) => {
      if (n % 5 === 0) expect(slot).toEqual({ error: { code: "NOT_FOUND", message: `item ${n} unknown` } });
      else if (n % 7 === 0)
        expect(slot).toEqual({ error: { code: "INVALID_PARAM", message: `item ${n} malformed` } });
      else if (n === 24) expect(slot).toEqual({ error: { code: "INTERNAL", message: "internal error" } });
      else expect(slot).toEqual({ data: n * 2 });
    });
    const failing = items.filter((n) => n % 5 === 0 || n % 7 === 0 || n === 24).length;
    expect(slots.filter(isServed)).toHaveLength(items.length - failing);
  });

  it("never runs more than the concurrency bound at once", async () => {
    let running = 0;
    let peak = 0;
    await runBatch(
      Array.from({ length: 30 }, (_, i) => i),
      async () => {
        running++;
        peak = Math.max(peak, running);
        await new Promise((r) => setTimeout(r, 1));
        running--;
      },
      3,
    );
    expect(peak).toBe(3);
  });

  it("answers an empty batch with no slots", async () => {
    expect(await runBatch([], async () => 1)).toEqual([]);
  });
});
