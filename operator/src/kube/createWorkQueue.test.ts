import pino from "pino";
import { describe, expect, it } from "vitest";
import { createWorkQueue } from "./createWorkQueue.ts";
import { ConflictError } from "./errors.ts";

function recordingLogger() {
  const lines: { level: number; msg: string }[] = [];
  const logger = pino({ level: "debug" }, { write: (s: string) => lines.push(JSON.parse(s)) });
  return { logger, lines };
}

const until = async (cond: () => boolean) => {
  while (!cond()) await new Promise((r) => setTimeout(r, 5));
};

describe("createWorkQueue", () => {
  it("deduplicates keys queued while waiting and runs one reconcile at a time", async () => {
    const { logger } = recordingLogger();
    const seen: string[] = [];
    let concurrent = 0;
    let maxConcurrent = 0;
    const q = createWorkQueue({
      name: "t",
      logger,
      reconcile: async (key) => {
        concurrent++;
        maxConcurrent = Math.max(maxConcurrent, concurrent);
        await new Promise((r) => setTimeout(r, 5));
        seen.push(key);
        concurrent--;
        return {};
      },
    });
    q.add("a");
    q.add("b");
    q.add("b");
    q.add("a");
    await q.idle();
    expect(seen.sort()).toEqual(["a", "a", "b"]);
    expect(maxConcurrent).toBe(1);
    await q.stop();
  });

  it("requeues a 409 quietly and retries other errors with a logged backoff", async () => {
    const { logger, lines } = recordingLogger();
    let calls = 0;
    const q = createWorkQueue({
      name: "t",
      logger,
      baseBackoffMs: 10,
      conflictRetryMs: 1,
      reconcile: async () => {
        calls++;
        if (calls === 1) throw new ConflictError(409, "stale");
        if (calls === 2) throw new Error("boom");
        return {};
      },
    });
    q.add("k");
    await until(() => calls >= 3);
    await q.idle();
    const warn = lines.filter((l) => l.level >= 40);
    expect(warn.map((l) => l.msg)).toEqual(["reconcile failed"]);
    expect(lines.some((l) => l.level === 20 && l.msg === "conflict, requeued")).toBe(true);
    await q.stop();
  });

  it("honours requeueAfterMs and forgets timers on stop", async () => {
    const { logger } = recordingLogger();
    let calls = 0;
    const q = createWorkQueue({
      name: "t",
      logger,
      reconcile: async () => {
        calls++;
        return { requeueAfterMs: calls === 1 ? 1 : 60_000 };
      },
    });
    q.add("k");
    await until(() => calls >= 2);
    await q.stop();
    q.add("k");
    await q.idle();
    expect(calls).toBe(2);
  });
});
