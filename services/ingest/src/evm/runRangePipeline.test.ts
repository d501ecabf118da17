import { describe, expect, it } from "vitest";
import { runRangePipeline } from "./runRangePipeline.ts";

/** A promise with its resolve and reject. */
function deferred() {
  let resolve!: () => void;
  let reject!: (e: Error) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe("runRangePipeline", () => {
  it("prepares range r+1 while r is written, and writes in order, one at a time", async () => {
    const log: string[] = [];
    const writes = [deferred(), deferred(), deferred()];
    let n = 0;
    const run = runRangePipeline<number>({
      async prepare() {
        if (n === 3) return null;
        log.push(`prepare ${n}`);
        return n++;
      },
      async write(r) {
        log.push(`write ${r} start`);
        await writes[r]!.promise;
        log.push(`write ${r} end`);
      },
    });
    // range 1 is prepared while write 0 is still open; write 1 waits for write 0
    await new Promise((r) => setImmediate(r));
    expect(log).toEqual(["prepare 0", "write 0 start", "prepare 1"]);
    writes[1]!.resolve();
    writes[0]!.resolve();
    writes[2]!.resolve();
    await run;
    expect(log).toEqual([
      "prepare 0",
      "write 0 start",
      "prepare 1",
      "write 0 end",
      "write 1 start",
      "prepare 2",
      "write 1 end",
      "write 2 start",
      "write 2 end",
    ]);
  });

  it("drops the range prepared ahead of a failed write and rejects with the write's error", async () => {
    const written: number[] = [];
    const discarded: number[] = [];
    let n = 0;
    const run = runRangePipeline<number>({
      prepare: async () => (n < 5 ? n++ : null),
      async write(r) {
        if (r === 1) throw new Error("write 1 failed");
        written.push(r);
      },
      discard: (r) => discarded.push(r),
    });
    await expect(run).rejects.toThrow("write 1 failed");
    expect(written).toEqual([0]);
    expect(discarded).toEqual([2]);
  });

  it("when preparing fails, lets the write in flight commit before rejecting", async () => {
    const written: number[] = [];
    let n = 0;
    const run = runRangePipeline<number>({
      async prepare() {
        if (n === 1) throw new Error("range 1 changed while read");
        return n++;
      },
      async write(r) {
        await new Promise((res) => setTimeout(res, 5));
        written.push(r);
      },
    });
    await expect(run).rejects.toThrow("range 1 changed while read");
    expect(written).toEqual([0]);
  });

  it("on stop finishes the write in flight and drops the range prepared ahead", async () => {
    const written: number[] = [];
    const discarded: number[] = [];
    let stopped = false;
    let n = 0;
    await runRangePipeline<number>({
      async prepare() {
        // the stop arrives while range 1 is prepared and range 0 written
        if (n === 1) stopped = true;
        return n++;
      },
      async write(r) {
        await new Promise((res) => setTimeout(res, 5));
        written.push(r);
      },
      stopped: () => stopped,
      discard: (r) => discarded.push(r),
    });
    expect(written).toEqual([0]);
    expect(discarded).toEqual([1]);
    expect(n).toBe(2);
  });

  it("acts on an empty prepare only after the write before it committed", async () => {
    const log: string[] = [];
    let n = 0;
    await runRangePipeline<number>({
      async prepare() {
        if (n === 1) {
          log.push("nothing more");
          return null;
        }
        return n++;
      },
      async write(r) {
        await new Promise((res) => setTimeout(res, 5));
        log.push(`write ${r} end`);
      },
    });
    // the pipeline resolves only once write 0 is in
    expect(log).toEqual(["nothing more", "write 0 end"]);
  });
});
