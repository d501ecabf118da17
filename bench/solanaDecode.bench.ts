/**
 * Solana decode throughput: every recorded fixture transaction (json encoding, as getBlock
 * returns it, already parsed) through normalization and all venue decoders, in a loop on one
 * core, the generic swap detector on. Target: at least 50,000 transactions per second. Reports the
 * rate per wall-clock second and per second of this process's CPU time: on a shared machine the
 * wall-clock figure also counts the time the process waited for a core. The warm-up is measured in
 * CPU time, so the JIT has settled before the clock starts even when the machine is busy.
 */
import { resolve } from "node:path";
import { decodeSolanaTransaction } from "../services/ingest/src/solana/decodeSolanaTransaction.ts";
import { loadSolanaRecording } from "../services/ingest/src/solana/replay/loadSolanaRecording.ts";

const root = process.env.TAPELINE_FIXTURES ?? resolve(import.meta.dirname, "../../shared/fixtures");
const txs = loadSolanaRecording(root).transactions.filter((t) => t.encoding !== "base64");
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const warmupCpuSeconds = Number(process.env.BENCH_WARMUP_CPU_SECONDS ?? 2);
const TARGET = 50_000;

// warm-up: let the JIT settle (optimized code appears after a few thousand calls, not three rounds)
const warm0 = process.cpuUsage();
const cpuSpent = (since: NodeJS.CpuUsage): number => {
  const u = process.cpuUsage(since);
  return (u.user + u.system) / 1e6;
};
while (cpuSpent(warm0) < warmupCpuSeconds)
  for (const t of txs) decodeSolanaTransaction(t.raw, { fallbackAtMs: 0 });

let decoded = 0;
let trades = 0;
const cpu0 = process.cpuUsage();
const start = performance.now();
const end = start + seconds * 1000;
while (performance.now() < end) {
  for (const t of txs) {
    trades += decodeSolanaTransaction(t.raw, { fallbackAtMs: 0 }).trades.length;
    decoded++;
  }
}
const elapsed = (performance.now() - start) / 1000;
const cpu = process.cpuUsage(cpu0);
const cpuSeconds = (cpu.user + cpu.system) / 1e6;
const rate = decoded / elapsed;
const cpuRate = decoded / cpuSeconds;
console.log(
  `solana decode: ${decoded} transactions (${txs.length} distinct) in ${elapsed.toFixed(2)} s = ${Math.round(rate)} tx/s wall, ${Math.round(cpuRate)} tx/s per CPU second (${cpuSeconds.toFixed(2)} s CPU), ${Math.round(trades / elapsed)} trade rows/s (target >= ${TARGET} tx/s)`,
);
console.log(rate >= TARGET ? "solana decode: target met" : "solana decode: BELOW TARGET");
