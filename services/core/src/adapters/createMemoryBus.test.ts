import pino from "pino";
import { describe, expect, it, vi } from "vitest";
import { busContract } from "./busContract.ts";
import { createMemoryBus } from "./createMemoryBus.ts";

const logger = pino({ level: "silent" });

busContract("memory", () => createMemoryBus({ logger }));

describe("createMemoryBus", () => {
  it("trims a topic to about maxLen and moves a lagging subscriber to the oldest kept message", async () => {
    const bus = createMemoryBus({ logger, maxLen: 100 });
    const ids: string[] = [];
    for (let n = 0; n < 1000; n++) ids.push(await bus.publish("t", "k", { n }));
    const got: number[] = [];
    await bus.subscribe<{ n: number }>("t", (m) => void got.push(m.payload.n), { fromId: "0" });
    await vi.waitFor(() => expect(got.at(-1)).toBe(999), { timeout: 5_000, interval: 5 });
    expect(got.length).toBeGreaterThanOrEqual(100);
    expect(got.length).toBeLessThan(1000);
    expect(got).toEqual(Array.from({ length: got.length }, (_, i) => 1000 - got.length + i));
    await bus.close();
  });
});
