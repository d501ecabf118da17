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

  it("reports a gap before the oldest kept message to a subscriber the trim overtook", async () => {
    const bus = createMemoryBus({ logger, maxLen: 100 });
    const seen: string[] = [];
    await bus.subscribe<{ n: number }>("t", (m) => void seen.push(String(m.payload.n)), {
      onGap: (g) => void seen.push(`gap ${g.topic}`),
    });
    // published within one turn: the subscriber reads only after the trim passed it
    await Promise.all(Array.from({ length: 1000 }, (_, n) => bus.publish("t", "k", { n })));
    await vi.waitFor(() => expect(seen.at(-1)).toBe("999"), { timeout: 5_000, interval: 5 });
    const kept = seen.length - 1;
    expect(kept).toBeGreaterThanOrEqual(100);
    expect(seen).toEqual(["gap t", ...Array.from({ length: kept }, (_, i) => String(1000 - kept + i))]);
    await bus.close();
  });

  it("reports a gap when resuming from a position older than the oldest kept message", async () => {
    const bus = createMemoryBus({ logger, maxLen: 100 });
    const ids: string[] = [];
    for (let n = 0; n < 1000; n++) ids.push(await bus.publish("t", "k", { n }));
    const gaps: string[] = [];
    const got: string[] = [];
    await bus.subscribe("t", (m) => void got.push(m.id), {
      fromIds: { t: ids[0]! },
      onGap: (g) => void gaps.push(g.resumedAt),
    });
    await vi.waitFor(() => expect(got.at(-1)).toBe(ids[999]), { timeout: 5_000, interval: 5 });
    expect(gaps).toEqual([got[0]]);
    expect(got).toEqual(ids.slice(1000 - got.length));
    expect(got.length).toBeLessThan(999);
    await bus.close();
  });
});
