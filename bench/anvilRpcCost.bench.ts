/**
 * What each JSON-RPC read costs anvil, per transaction of a dense swap chain
 * ({@link buildDenseSwapChain}, BENCH_SWAPS router swaps, BENCH_SWAPS_PER_BLOCK a block, defaults
 * 4,800 and 240): anvil's CPU time (user + system, from /proc) per transaction, wall time and
 * bytes answered, each read over the whole chain three times. It tells which calls an ingest
 * should use against this node: anvil builds each receipt and each transaction object with a
 * copy of its whole block, so receipts cost it in proportion to the block's transactions, and
 * a transaction object also recovers its sender's signature.
 */
import { readdirSync, readFileSync } from "node:fs";
import { loadavg } from "node:os";
import path from "node:path";
import { createDevnetClient } from "../services/ingest/src/devnet/createDevnetClient.ts";
import { deployUniswap } from "../services/ingest/src/devnet/deployUniswap.ts";
import { startAnvil } from "../services/ingest/src/devnet/startAnvil.ts";
import { DexTopics } from "../services/ingest/src/evm/decoders/dexEventAbis.ts";
import { buildDenseSwapChain } from "./denseSwapChain.ts";

const SWAPS = Number(process.env.BENCH_SWAPS ?? 4800);
const PER_BLOCK = Number(process.env.BENCH_SWAPS_PER_BLOCK ?? 240);
const hex = (n: bigint) => `0x${n.toString(16)}`;
type Call = { method: string; params: unknown[] };

const anvil = await startAnvil();
try {
  const client = createDevnetClient({ rpcUrl: anvil.rpcUrl, chainId: anvil.chainId });
  const deployment = await deployUniswap(client);
  const chain = await buildDenseSwapChain(client, anvil.rpcUrl, deployment, {
    transactions: SWAPS,
    swapsPerBlock: PER_BLOCK,
  });
  const pid = anvilPid(anvil.port);
  const blocks: bigint[] = [];
  for (let n = chain.fromBlock; n <= chain.toBlock; n++) blocks.push(n);
  const swapTopics = [DexTopics.v2Swap, DexTopics.v3Swap, DexTopics.v4Swap];
  const range = (from: bigint, to: bigint, topics?: unknown[]) => ({
    method: "eth_getLogs",
    params: [{ fromBlock: hex(from), toBlock: hex(to), ...(topics ? { topics } : {}) }],
  });
  const [logs] = (await post([range(chain.fromBlock, chain.toBlock, [swapTopics])])).results as {
    transactionHash: string;
  }[][];
  const txs = [...new Set(logs!.map((l) => l.transactionHash))];
  console.log(`${chain.transactions} transactions in ${blocks.length} blocks, ${logs!.length} Swap logs`);
  const groups = <T>(xs: T[], n: number) =>
    Array.from({ length: Math.ceil(xs.length / n) }, (_, i) => xs.slice(i * n, i * n + n));
  const reads: [string, Call[][]][] = [
    ["eth_getLogs, Swap topics, whole range", [[range(chain.fromBlock, chain.toBlock, [swapTopics])]]],
    [
      "eth_getLogs, Swap topics, 10 blocks a call",
      groups(blocks, 10).map((g) => [range(g[0]!, g.at(-1)!, [swapTopics])]),
    ],
    ["eth_getLogs, every log, whole range", [[range(chain.fromBlock, chain.toBlock)]]],
    [
      "eth_getBlockByNumber, hashes only",
      [blocks.map((n) => ({ method: "eth_getBlockByNumber", params: [hex(n), false] }))],
    ],
    [
      "eth_getBlockByNumber, transaction objects",
      [blocks.map((n) => ({ method: "eth_getBlockByNumber", params: [hex(n), true] }))],
    ],
    [
      "eth_getBlockReceipts, 4 blocks a batch",
      groups(blocks, 4).map((g) => g.map((n) => ({ method: "eth_getBlockReceipts", params: [hex(n)] }))),
    ],
    [
      "eth_getTransactionReceipt, 500 a batch",
      groups(txs, 500).map((g) => g.map((h) => ({ method: "eth_getTransactionReceipt", params: [h] }))),
    ],
    [
      "eth_getTransactionByHash, 500 a batch",
      groups(txs, 500).map((g) => g.map((h) => ({ method: "eth_getTransactionByHash", params: [h] }))),
    ],
    [
      "eth_getRawTransactionByHash, 500 a batch",
      groups(txs, 500).map((g) => g.map((h) => ({ method: "eth_getRawTransactionByHash", params: [h] }))),
    ],
    ["trace_block", [blocks.map((n) => ({ method: "trace_block", params: [hex(n)] }))]],
  ];
  for (const [name, batches] of reads) {
    const cpu0 = cpuSeconds(pid);
    const t0 = performance.now();
    let bytes = 0;
    for (let pass = 0; pass < 3; pass++) for (const b of batches) bytes += (await post(b)).bytes;
    const cpu = (cpuSeconds(pid) - cpu0) / 3;
    console.log(
      `${name.padEnd(44)} anvil ${String(Math.round((cpu * 1e6) / chain.transactions)).padStart(4)} us a transaction, ` +
        `wall ${Math.round((performance.now() - t0) / 3)} ms, ${(bytes / 3 / 1e6).toFixed(1)} MB`,
    );
  }
  console.log(
    `load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")}`,
  );
} finally {
  await anvil.stop();
}

/** One JSON-RPC batch: the answer's size and results in call order (an error throws). */
async function post(calls: Call[]): Promise<{ bytes: number; results: unknown[] }> {
  const res = await fetch(anvil.rpcUrl, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(calls.map((c, id) => ({ jsonrpc: "2.0", id, ...c }))),
  });
  const text = await res.text();
  const out = JSON.parse(text) as { id: number; result?: unknown; error?: { message: string } }[];
  return {
    bytes: text.length,
    results: out
      .sort((a, b) => a.id - b.id)
      .map((r) => {
        if (r.error) throw new Error(`${calls[r.id]!.method}: ${r.error.message}`);
        return r.result;
      }),
  };
}

function cpuSeconds(pid: number): number {
  const f = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return (Number(f[11]) + Number(f[12])) / 100;
}

/** The anvil process serving `port` (startAnvil runs it under a shell supervisor). */
function anvilPid(port: number): number {
  for (const entry of readdirSync("/proc")) {
    if (!/^[0-9]+$/.test(entry)) continue;
    try {
      const args = readFileSync(`/proc/${entry}/cmdline`, "utf8").split("\0");
      if (path.basename(args[0] ?? "") === "anvil" && args.includes(String(port))) return Number(entry);
    } catch {
      // the process ended while listed
    }
  }
  throw new Error(`no anvil process on port ${port}`);
}
