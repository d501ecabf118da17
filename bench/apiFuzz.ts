/**
 * The long fuzz run (`make fuzz`): FUZZ_COUNT requests (default 100,000) generated from the OpenAPI
 * document with seed FUZZ_SEED against the whole app, as test/fuzz/apiFuzz.test.ts does briefly.
 * Prints the answers by status and by operation, then every 5xx, hang or dropped connection;
 * exits non-zero when there is one.
 */
import { runFuzz } from "../test/fuzz/runFuzz.ts";
import { startFuzzTarget } from "../test/fuzz/startFuzzTarget.ts";

const count = Number(process.env.FUZZ_COUNT ?? 100_000);
const seed = Number(process.env.FUZZ_SEED ?? Date.now() % 1_000_000);
const concurrency = Number(process.env.FUZZ_CONCURRENCY ?? 8);

const target = await startFuzzTarget(`long-${process.pid}`);
try {
  console.log(`fuzz: ${count} requests, seed ${seed}, ${concurrency} in flight, against ${target.url}`);
  const report = await runFuzz({ ...target, count, seed, concurrency, hangMs: 10_000 });
  console.log(`sent ${report.sent} in ${(report.elapsedMs / 1000).toFixed(1)} s`);
  console.log(
    `answer time ms: p50 ${report.latencyMs.p50}, p99 ${report.latencyMs.p99}, max ${report.latencyMs.max}`,
  );
  console.log("by status:");
  for (const [status, n] of Object.entries(report.byStatus).sort())
    console.log(`  ${status.padEnd(10)} ${n}`);
  console.log("by operation:");
  for (const [op, n] of Object.entries(report.byOperation).sort()) console.log(`  ${op.padEnd(40)} ${n}`);
  console.log("slowest:");
  for (const s of report.slowest) {
    const { body, ...rest } = s.request;
    console.log(
      `  ${s.ms} ms ${s.status} ${JSON.stringify({ ...rest, body: body?.slice(0, 120) }).slice(0, 300)}`,
    );
  }
  console.log(`failures (5xx, hangs, dropped connections): ${report.failures.length}`);
  for (const f of report.failures.slice(0, 20)) console.log(JSON.stringify(f).slice(0, 600));
  process.exitCode = report.failures.length === 0 ? 0 : 1;
} finally {
  await target.close();
}
