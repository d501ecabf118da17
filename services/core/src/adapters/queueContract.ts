import { randomBytes } from "node:crypto";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { TapelineError } from "../errors.ts";
import { type Job, type JobQueue, type JobState, NonRetryableJobError } from "../ports/queue.ts";
import { AdapterClosedError } from "./AdapterClosedError.ts";

const WAIT = { timeout: 20_000, interval: 10 };

/**
 * The behaviour every JobQueue adapter must show, registered as vitest tests. `makeQueue`
 * returns a fresh queue for one test; `cleanup` runs once after the suite.
 */
export function queueContract(label: string, makeQueue: () => JobQueue, cleanup?: () => Promise<void>): void {
  describe(`JobQueue contract: ${label}`, () => {
    const open: JobQueue[] = [];
    const queue = (): JobQueue => {
      const q = makeQueue();
      open.push(q);
      return q;
    };
    const name = (): string => `q${randomBytes(5).toString("hex")}`;
    const states = (q: JobQueue, qn: string, ids: string[]): Promise<JobState[]> =>
      Promise.all(ids.map((id) => q.getState(qn, id)));

    afterEach(async () => {
      await Promise.all(open.splice(0).map((q) => q.close()));
    });
    if (cleanup) afterAll(cleanup);

    it("runs an enqueued job once with its id, name and data, then reports it completed", async () => {
      const q = queue();
      const qn = name();
      const seen: Job<{ chain: string; range: number[] }>[] = [];
      const id = await q.enqueue(
        qn,
        "backfill",
        { chain: "1", range: [100, 200] },
        { jobId: "backfill:1:100-200" },
      );
      expect(id).toBe("backfill:1:100-200");
      expect(await q.getState(qn, id)).toBe("waiting");
      await q.process<{ chain: string; range: number[] }>(qn, async (job) => {
        seen.push(job);
      });
      await vi.waitFor(async () => expect(await q.getState(qn, id)).toBe("completed"), WAIT);
      expect(seen).toEqual([{ id, name: "backfill", data: { chain: "1", range: [100, 200] }, attempts: 1 }]);
    });

    it("generates distinct ids when none is given, and knows nothing of unknown ids", async () => {
      const q = queue();
      const qn = name();
      const a = await q.enqueue(qn, "x", 1);
      const b = await q.enqueue(qn, "x", 1);
      expect(a).not.toBe(b);
      expect(await states(q, qn, [a, b])).toEqual(["waiting", "waiting"]);
      expect(await q.getState(qn, "no-such-job")).toBe("unknown");
      expect(await q.getState(name(), a)).toBe("unknown");
    });

    it("does not add a jobId twice while it is pending, even when enqueued concurrently", async () => {
      const q = queue();
      const qn = name();
      const ids = await Promise.all(
        Array.from({ length: 25 }, (_, i) => q.enqueue(qn, "refresh", { i }, { jobId: "123" })),
      );
      expect(new Set(ids)).toEqual(new Set(["123"]));
      const runs: number[] = [];
      await q.process<{ i: number }>(qn, async (job) => {
        runs.push(job.data.i);
      });
      await vi.waitFor(async () => expect(await q.getState(qn, "123")).toBe("completed"), WAIT);
      expect(runs).toEqual([0]);
      // A sentinel job behind it proves the queue drained with no second run.
      await q.enqueue(qn, "refresh", { i: -1 }, { jobId: "sentinel" });
      await vi.waitFor(async () => expect(await q.getState(qn, "sentinel")).toBe("completed"), WAIT);
      expect(runs).toEqual([0, -1]);
    });

    it("runs a repeatable job on its period until unrepeat, with its name and data", async () => {
      const q = queue();
      const qn = name();
      const runs: Job<{ chain: string }>[] = [];
      await q.process<{ chain: string }>(qn, async (job) => {
        runs.push(job);
      });
      await q.repeat(qn, "universe", { chain: "evm:1" }, { key: "universe:evm:1", everyMs: 50 });
      await vi.waitFor(() => expect(runs.length).toBeGreaterThanOrEqual(3), WAIT);
      expect(runs.every((r) => r.name === "universe" && r.data.chain === "evm:1")).toBe(true);
      expect(new Set(runs.map((r) => r.id)).size).toBeGreaterThan(0);
      expect(await q.unrepeat(qn, "universe:evm:1")).toBe(true);
      expect(await q.unrepeat(qn, "universe:evm:1")).toBe(false);
      // After the schedule is gone at most the run already added completes; then nothing more comes.
      await new Promise((r) => setTimeout(r, 300));
      const settled = runs.length;
      await new Promise((r) => setTimeout(r, 400));
      expect(runs.length).toBe(settled);
    });

    it("replaces a schedule registered again under the same key instead of adding a second one", async () => {
      const q = queue();
      const qn = name();
      const runs: number[] = [];
      await q.process<{ v: number }>(qn, async (job) => {
        runs.push(job.data.v);
      });
      await q.repeat(qn, "refresh", { v: 1 }, { key: "k", everyMs: 60_000 });
      await vi.waitFor(() => expect(runs).toEqual([1]), WAIT);
      await q.repeat(qn, "refresh", { v: 2 }, { key: "k", everyMs: 100 });
      await vi.waitFor(() => expect(runs.filter((v) => v === 2).length).toBeGreaterThanOrEqual(3), WAIT);
      const at = runs.length;
      await new Promise((r) => setTimeout(r, 500));
      // one schedule of 100 ms: a handful of runs in 500 ms, never a second schedule's worth
      expect(runs.length - at).toBeLessThanOrEqual(7);
      expect(runs.slice(at)).toEqual(runs.slice(at).map(() => 2));
      await q.unrepeat(qn, "k");
    });

    it("refuses a period under 10 ms and data JSON cannot carry", async () => {
      const q = queue();
      await expect(q.repeat(name(), "n", 1, { key: "fast", everyMs: 5 })).rejects.toThrow(RangeError);
      await expect(q.repeat(name(), "n", undefined, { key: "undef", everyMs: 100 })).rejects.toThrow(
        TypeError,
      );
    });

    it("runs a finished jobId again when it is enqueued again", async () => {
      const q = queue();
      const qn = name();
      const runs: string[] = [];
      await q.process<string>(qn, async (job) => {
        runs.push(job.data);
      });
      await q.enqueue(qn, "n", "first", { jobId: "same" });
      await vi.waitFor(async () => expect(await q.getState(qn, "same")).toBe("completed"), WAIT);
      await q.enqueue(qn, "n", "second", { jobId: "same" });
      await vi.waitFor(() => expect(runs).toEqual(["first", "second"]), WAIT);
      await vi.waitFor(async () => expect(await q.getState(qn, "same")).toBe("completed"), WAIT);
    });

    it("retries a failing job with backoff, then succeeds", async () => {
      const q = queue();
      const qn = name();
      const attempts: number[] = [];
      await q.process(qn, async (job) => {
        attempts.push(job.attempts);
        if (job.attempts < 3) throw new Error(`transient failure ${job.attempts}`);
      });
      const id = await q.enqueue(qn, "flaky", {}, { attempts: 4, backoffMs: 20 });
      await vi.waitFor(async () => expect(await q.getState(qn, id)).toBe("completed"), WAIT);
      expect(attempts).toEqual([1, 2, 3]);
    });

    it("fails a job after its attempts are used up", async () => {
      const q = queue();
      const qn = name();
      let calls = 0;
      await q.process(qn, async () => {
        calls += 1;
        throw new Error("always fails");
      });
      const id = await q.enqueue(qn, "doomed", {}, { attempts: 3, backoffMs: 10 });
      await vi.waitFor(async () => expect(await q.getState(qn, id)).toBe("failed"), WAIT);
      expect(calls).toBe(3);
    });

    it("fails a NonRetryableJobError at once, whatever attempts are left", async () => {
      const q = queue();
      const qn = name();
      let calls = 0;
      await q.process(qn, async () => {
        calls += 1;
        throw new NonRetryableJobError("bad input");
      });
      const id = await q.enqueue(qn, "bad", {}, { attempts: 5, backoffMs: 10 });
      await vi.waitFor(async () => expect(await q.getState(qn, id)).toBe("failed"), WAIT);
      expect(calls).toBe(1);
    });

    it("fails any error saying retryable: false at once, and retries one saying true", async () => {
      const q = queue();
      const qn = name();
      const calls: Record<string, number> = {};
      await q.process(qn, async (job) => {
        calls[job.name] = (calls[job.name] ?? 0) + 1;
        throw new TapelineError(`${job.name} failed`, { retryable: job.name === "transient" });
      });
      const fatal = await q.enqueue(qn, "fatal", {}, { attempts: 4, backoffMs: 10 });
      const transient = await q.enqueue(qn, "transient", {}, { attempts: 3, backoffMs: 10 });
      await vi.waitFor(async () => expect(await q.getState(qn, fatal)).toBe("failed"), WAIT);
      await vi.waitFor(async () => expect(await q.getState(qn, transient)).toBe("failed"), WAIT);
      expect(calls).toEqual({ fatal: 1, transient: 3 });
    });

    it("waits out the backoff before the next attempt", async () => {
      const q = queue();
      const qn = name();
      let calls = 0;
      await q.process(qn, async () => {
        calls += 1;
        throw new Error("transient");
      });
      const id = await q.enqueue(qn, "slow-retry", {}, { attempts: 2, backoffMs: 600_000 });
      await vi.waitFor(async () => expect(await q.getState(qn, id)).toBe("delayed"), WAIT);
      expect(calls).toBe(1);
    });

    it("holds a delayed job, then runs it", async () => {
      const q = queue();
      const qn = name();
      const id = await q.enqueue(qn, "later", { v: 1 }, { delayMs: 300 });
      expect(await q.getState(qn, id)).toBe("delayed");
      const seen: unknown[] = [];
      await q.process(qn, async (job) => {
        seen.push(job.data);
      });
      await vi.waitFor(async () => expect(await q.getState(qn, id)).toBe("completed"), WAIT);
      expect(seen).toEqual([{ v: 1 }]);
    });

    it("runs at most `concurrency` jobs at a time", async () => {
      const q = queue();
      const qn = name();
      let active = 0;
      let maxActive = 0;
      let release!: () => void;
      const gate = new Promise<void>((r) => {
        release = r;
      });
      const ids = await Promise.all(Array.from({ length: 9 }, (_, i) => q.enqueue(qn, "slow", { i })));
      await q.process(
        qn,
        async () => {
          active += 1;
          maxActive = Math.max(maxActive, active);
          await gate;
          active -= 1;
        },
        { concurrency: 3 },
      );
      try {
        await vi.waitFor(() => expect(active).toBe(3), WAIT);
        const during = await states(q, qn, ids);
        expect(during.filter((s) => s === "active")).toHaveLength(3);
        expect(during.filter((s) => s === "waiting")).toHaveLength(6);
      } finally {
        release();
      }
      await vi.waitFor(
        async () => expect(await states(q, qn, ids)).toEqual(ids.map(() => "completed")),
        WAIT,
      );
      expect(maxActive).toBe(3);
    });

    it("keeps queues apart", async () => {
      const q = queue();
      const a = name();
      const b = name();
      const seenA: string[] = [];
      await q.process<string>(a, async (job) => {
        seenA.push(job.data);
      });
      const inB = await q.enqueue(b, "n", "for b");
      const inA = await q.enqueue(a, "n", "for a");
      await vi.waitFor(async () => expect(await q.getState(a, inA)).toBe("completed"), WAIT);
      expect(seenA).toEqual(["for a"]);
      expect(await q.getState(b, inB)).toBe("waiting");
    });

    it("stops a processor on its close() and leaves new jobs waiting for the next one", async () => {
      const q = queue();
      const qn = name();
      const first = await q.process(qn, async () => {});
      await first.close();
      const id = await q.enqueue(qn, "n", 1);
      expect(await q.getState(qn, id)).toBe("waiting");
      await q.process(qn, async () => {});
      await vi.waitFor(async () => expect(await q.getState(qn, id)).toBe("completed"), WAIT);
    });

    it("passes data as JSON and refuses what JSON cannot carry", async () => {
      const q = queue();
      const qn = name();
      await expect(q.enqueue(qn, "n", { amount: 10n })).rejects.toThrow(TypeError);
      const sent = { text: "Ω ✓", list: [1, null, { deep: true }] };
      const seen: unknown[] = [];
      await q.process(qn, async (job) => {
        seen.push(job.data);
      });
      const id = await q.enqueue(qn, "n", sent);
      await vi.waitFor(async () => expect(await q.getState(qn, id)).toBe("completed"), WAIT);
      expect(seen).toEqual([sent]);
      expect(seen[0]).not.toBe(sent);
    });

    it("close() waits for running jobs and refuses further use", async () => {
      const q = queue();
      const qn = name();
      let finished = false;
      let started!: () => void;
      const running = new Promise<void>((r) => {
        started = r;
      });
      await q.process(qn, async () => {
        started();
        await new Promise((r) => setTimeout(r, 50));
        finished = true;
      });
      await q.enqueue(qn, "n", 1);
      await running;
      await q.close();
      expect(finished).toBe(true);
      await expect(q.enqueue(qn, "n", 2)).rejects.toThrow(AdapterClosedError);
      await expect(q.process(qn, async () => {})).rejects.toThrow(AdapterClosedError);
      await q.close();
    });
  });
}
