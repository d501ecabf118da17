import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runFuzz } from "./runFuzz.ts";
import { type FuzzTarget, startFuzzTarget } from "./startFuzzTarget.ts";

/**
 * Property-based fuzzing of every endpoint of the OpenAPI document against the real app (billing
 * gate on Redis, market queries on Postgres): zero 5xx, zero hangs. A fixed seed and a bounded
 * count keep CI repeatable and short; `make fuzz` runs the long version (`FUZZ_COUNT`, `FUZZ_SEED`).
 */

const SEED = 19_2026;
const COUNT = 1000;

let target: FuzzTarget;

beforeAll(async () => {
  target = await startFuzzTarget("ci");
});

afterAll(async () => {
  await target?.close();
});

describe("fuzzed requests over every endpoint", () => {
  it(`${COUNT} requests (seed ${SEED}): every one answered, none with a 5xx`, async () => {
    const report = await runFuzz({ ...target, count: COUNT, seed: SEED, concurrency: 8, hangMs: 10_000 });
    expect(report.sent).toBe(COUNT);
    expect(report.failures.slice(0, 5)).toEqual([]);
    // every operation of the document was exercised, and both refusals and answers occurred
    const operations = Object.keys(target.openapi.paths as object).length;
    expect(Object.keys(report.byOperation).length).toBeGreaterThanOrEqual(operations);
    expect(report.byStatus["200"]).toBeGreaterThan(0);
    expect(report.byStatus["400"]).toBeGreaterThan(0);
  });
});
