import pino from "pino";
import { describe, expect, it, vi } from "vitest";
import { createMemoryQueue } from "./createMemoryQueue.ts";
import { queueContract } from "./queueContract.ts";

const logger = pino({ level: "silent" });

queueContract("memory", () => createMemoryQueue({ logger }));

describe("createMemoryQueue", () => {
  it("remembers about keepFinished finished jobs, forgetting the oldest first", async () => {
    const q = createMemoryQueue({ logger, keepFinished: 16 });
    await q.process("q", async () => {});
    const ids: string[] = [];
    for (let i = 0; i < 100; i++) ids.push(await q.enqueue("q", "n", i, { jobId: `job-${i}` }));
    await vi.waitFor(async () => expect(await q.getState("q", "job-99")).toBe("completed"), {
      timeout: 5_000,
    });
    const states = await Promise.all(ids.map((id) => q.getState("q", id)));
    expect(states[0]).toBe("unknown");
    expect(states.slice(-16)).toEqual(Array.from({ length: 16 }, () => "completed"));
    expect(states.filter((s) => s === "completed").length).toBeLessThanOrEqual(16 + 1);
    await q.close();
  });
});
