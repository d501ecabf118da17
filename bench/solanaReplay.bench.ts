/**
 * Solana end-to-end replay into Postgres: the replay JSON-RPC endpoint serves blocks made of the
 * recorded swap transactions, the worker fetches, decodes and writes them (rows, pools, tokens,
 * candle buckets, checkpoint) through the shared writer. Each copy of a recorded transaction
 * gets a distinct signature so every row is a new insert; amounts and accounts are unchanged.
 * The endpoint has every block serialized before the clock starts, as a node serves blocks it
 * already stores. Target: at least 5,000 swaps (trade rows) per second. Needs PostgreSQL at
 * 127.0.0.1:5432. Prints the load average: the machine may be shared, so also the CPU time per
 * swap of this process and of the database's backends. BENCH_WALLET_ROWS=0 has the database drop
 * wallet rows before storing them (dropWalletRows), to compare with them stored; the worker
 * still builds them. The process's CPU is split by thread: the worker's (this thread), the replay
 * server's, and the rest, which is V8's helper threads working for the worker: collection, and
 * optimizing compilation of code still warming up (in a 200-block run 124 us a swap, 82 us of it
 * left with `--single-threaded-gc`; 77 us in all over 600 blocks).
 */
import { loadavg } from "node:os";
import { resolve } from "node:path";
import { isMainThread, parentPort, Worker } from "node:worker_threads";
import { SOLANA_LAMPORTS_TOKEN } from "@tapeline/core";
import { createTestDatabase } from "@tapeline/core/testing";
import bs58 from "bs58";
import { decodeSolanaTransaction } from "../services/ingest/src/solana/decodeSolanaTransaction.ts";
import { createSolanaReplayServer } from "../services/ingest/src/solana/replay/createSolanaReplayServer.ts";
import { loadSolanaRecording } from "../services/ingest/src/solana/replay/loadSolanaRecording.ts";
import type { ReplayBlock } from "../services/ingest/src/solana/replay/ReplayBlock.ts";
import { createSolanaRpcSource } from "../services/ingest/src/solana/source/createSolanaRpcSource.ts";
import { createSolanaWorker } from "../services/ingest/src/solana/worker/createSolanaWorker.ts";
import { backendCpuSeconds } from "./backendCpuSeconds.ts";
import { dropWalletRows } from "./dropWalletRows.ts";
import { threadCpuMs } from "./threadCpuMs.ts";

const root = process.env.TAPELINE_FIXTURES ?? resolve(import.meta.dirname, "../../shared/fixtures");
const BLOCKS = Number(process.env.BENCH_BLOCKS ?? 400);
const TX_PER_BLOCK = Number(process.env.BENCH_TX_PER_BLOCK ?? 40);
const FIRST_SLOT = 500_000_000;
const BLOCK_TIME = 1_777_000_000;

const swaps = loadSolanaRecording(root).transactions.filter(
  (t) => t.encoding === "json" && decodeSolanaTransaction(t.raw, { fallbackAtMs: 0 }).trades.length > 0,
);

function rekey(raw: Record<string, unknown>, copy: number): Record<string, unknown> {
  const tx = raw.transaction as { signatures: string[] };
  const sig = bs58.decode(tx.signatures[0]!);
  const bytes = Uint8Array.from(sig);
  new DataView(bytes.buffer).setUint32(60, copy, true);
  return { ...raw, transaction: { ...tx, signatures: [bs58.encode(bytes), ...tx.signatures.slice(1)] } };
}

function buildBlocks(): ReplayBlock[] {
  const blocks: ReplayBlock[] = [];
  let copy = 0;
  for (let b = 0; b < BLOCKS; b++) {
    const transactions: Record<string, unknown>[] = [];
    for (let k = 0; k < TX_PER_BLOCK; k++) transactions.push(rekey(swaps[copy % swaps.length]!.raw, copy++));
    blocks.push({
      slot: FIRST_SLOT + b,
      parentSlot: b === 0 ? null : FIRST_SLOT + b - 1,
      blockhash: null,
      previousBlockhash: null,
      blockTime: BLOCK_TIME + Math.floor(b * 0.4),
      blockHeight: null,
      transactions,
    });
  }
  return blocks;
}

// The replay endpoint runs on its own thread, as a node would run elsewhere: serializing
// blocks must not share the worker's event loop.
if (!isMainThread) {
  const server = await createSolanaReplayServer({ blocks: buildBlocks(), serializeAhead: true });
  parentPort!.postMessage(server.url);
  parentPort!.on("message", async (m) => {
    // the main thread reads this thread's CPU clock around the run
    if (m === "cpu") {
      parentPort!.postMessage({ cpuMs: threadCpuMs() });
      return;
    }
    await server.close();
    process.exit(0);
  });
} else {
  await main();
}

async function main(): Promise<void> {
  const node = new Worker(
    `import("tsx/esm/api").then(({ register }) => { register(); return import(${JSON.stringify(import.meta.url)}); });`,
    { eval: true },
  );
  const url = await new Promise<string>((r) => node.once("message", r));
  const server = {
    url,
    /** CPU ms of the replay server's thread so far (null without a per-thread clock) */
    cpuMs: async () => {
      node.postMessage("cpu");
      return ((await new Promise((r) => node.once("message", r))) as { cpuMs: number | null }).cpuMs;
    },
    close: async () => {
      node.postMessage("close");
      await new Promise((r) => node.once("exit", r));
    },
  };
  const db = await createTestDatabase();
  try {
    const walletRows = process.env.BENCH_WALLET_ROWS !== "0";
    if (!walletRows) await dropWalletRows(db.pool);
    console.log(`wallet rows: ${walletRows ? "written" : "dropped (BENCH_WALLET_ROWS=0)"}`);
    // stages on the worker's thread are timed on its CPU clock where they run in one piece
    const cpuClock = threadCpuMs() === null ? () => performance.now() : () => threadCpuMs()!;
    const answers = { count: 0, bytes: 0, parseMs: 0 };
    const worker = createSolanaWorker({
      source: createSolanaRpcSource({
        endpoints: [server.url],
        batchSize: Number(process.env.BENCH_RPC_BATCH ?? 4),
        clock: cpuClock,
        onAnswer: (bytes, ms) => {
          answers.count++;
          answers.bytes += bytes;
          answers.parseMs += ms;
        },
      }),
      decodeClock: cpuClock,
      db: db.pool,
      startSlot: BigInt(FIRST_SLOT),
      slotsPerBatch: Number(process.env.BENCH_SLOTS_PER_BATCH ?? 25),
    });
    const pg0 = await backendCpuSeconds(db.pool, db.name);
    const replay0 = await server.cpuMs();
    const cpu0 = process.cpuUsage();
    const main0 = threadCpuMs();
    const start = performance.now();
    await worker.runUntil(BigInt(FIRST_SLOT + BLOCKS - 1));
    const elapsed = (performance.now() - start) / 1000;
    const cpu = process.cpuUsage(cpu0);
    const main1 = threadCpuMs();
    const replay1 = await server.cpuMs();
    const pg1 = await backendCpuSeconds(db.pool, db.name);
    const s = worker.stats();
    const stored = await db.pool.query<{ n: string }>("select count(*)::text as n from trades");
    console.log(
      `solana replay -> postgres: ${s.transactions} transactions, ${s.tradesInserted} swaps written (${stored.rows[0]!.n} stored) in ${elapsed.toFixed(2)} s = ${Math.round(s.tradesInserted / elapsed)} swaps/s, ${Math.round(s.transactions / elapsed)} tx/s (target >= 5000 swaps/s); fetch ${Math.round(s.fetchMs)} ms, decode ${Math.round(s.decodeMs)} ms, write ${Math.round(s.writeMs)} ms`,
    );
    console.log(
      `solana replay: this process used ${((cpu.user + cpu.system) / 1e6).toFixed(2)} s CPU (every thread; Postgres not counted); load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(" ")}`,
    );
    const perSwap = (us: number) => `${Math.round(us / Math.max(1, s.tradesInserted))} us`;
    console.log(
      `cpu per swap: this process ${perSwap(cpu.user + cpu.system)}, postgres backends ${pg0 === null || pg1 === null ? "n/a" : perSwap((pg1 - pg0) * 1e6)}`,
    );
    // Per stage, CPU ms and swaps per CPU second: JSON parse and decode are timed on the worker
    // thread's CPU clock; "other" is the rest of that thread (HTTP, encoding the writes' parameters and
    // reading their answers, the event loop, collection); the replay server's thread reads its own
    // clock; the process's other threads are mostly the collector's helpers (parallel scavenges,
    // concurrent marking); the write's database side is the backends' CPU.
    const processMs = (cpu.user + cpu.system) / 1000;
    const mainMs = main0 === null || main1 === null ? null : main1 - main0;
    const replayMs = replay0 === null || replay1 === null ? null : replay1 - replay0;
    const rate = (ms: number) => `${Math.round(s.tradesInserted / (ms / 1000))} swaps/s`;
    const stage = (name: string, ms: number | null) =>
      ms === null
        ? `${name} n/a`
        : `${name} ${Math.round(ms)} ms CPU (${perSwap(ms * 1000)}/swap, ${rate(ms)})`;
    console.log(
      [
        `stages: fetch ${Math.round(s.fetchMs)} ms wall over ${answers.count} answers of ${(answers.bytes / 1e6).toFixed(1)} MB`,
        stage("json parse", answers.parseMs),
        stage("decode", s.decodeMs),
        stage("worker thread other", mainMs === null ? null : mainMs - answers.parseMs - s.decodeMs),
        stage("worker thread total", mainMs),
        stage("replay server thread", replayMs),
        stage(
          "the process's other threads",
          mainMs === null || replayMs === null ? null : processMs - mainMs - replayMs,
        ),
        `write ${Math.round(s.writeMs)} ms wall`,
        stage("postgres backends", pg0 === null || pg1 === null ? null : (pg1 - pg0) * 1000),
      ].join("; "),
    );
    const logged = await db.pool.query<{ lamports: string; tokens: string }>(
      `select count(*) filter (where token_address = $1)::text as lamports,
         count(*) filter (where token_address <> $1)::text as tokens from wallet_balance_changes`,
      [SOLANA_LAMPORTS_TOKEN],
    );
    console.log(
      `balance change rows: ${logged.rows[0]!.tokens} of tracked tokens, ${logged.rows[0]!.lamports} of native-tracked wallets' lamports`,
    );
    console.log(
      s.tradesInserted / elapsed >= 5000 ? "solana replay: target met" : "solana replay: BELOW TARGET",
    );
  } finally {
    await server.close();
    await db.drop();
  }
}
