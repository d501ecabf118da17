import type { RpcClient } from "../../rpc/createRpcClient.ts";
import type { EvmReceipt } from "../applyDexEvents.ts";

type JsonLog = { address: string; topics: string[]; data: string; logIndex: string };

type JsonReceipt = {
  transactionHash: string;
  blockHash: string;
  from: string;
  to: string | null;
  gasUsed: string;
  effectiveGasPrice?: string;
  l1Fee?: string | null;
  logs: JsonLog[];
} | null;

const UPPER = /[A-F]/;
/** Nodes answer lowercase hex: most strings are kept as they are instead of copied. */
const lower = (s: string): string => (UPPER.test(s) ? s.toLowerCase() : s);

/**
 * Receipts of the given transactions (one JSON-RPC batch): sender, target, gas used, effective
 * gas price, the OP-stack L1 data fee when `opStack` and the receipt has it, and the logs.
 * A receipt missing on the endpoint is an error (the range is retried).
 */
export async function fetchReceipts(
  rpc: RpcClient,
  txHashes: readonly string[],
  opts: { opStack: boolean; minBlock?: bigint },
): Promise<Map<string, EvmReceipt & { blockHash: string }>> {
  const res = await rpc.batch<JsonReceipt>(
    txHashes.map((h) => ({ method: "eth_getTransactionReceipt", params: [h] })),
    { minBlock: opts.minBlock },
  );
  const out = new Map<string, EvmReceipt & { blockHash: string }>();
  res.forEach((r, i) => {
    if (!r) throw new Error(`receipt of ${txHashes[i]} not available`);
    const receipt = toReceipt(r, opts.opStack);
    out.set(receipt.transactionHash, receipt);
  });
  return out;
}

/**
 * Receipts of the given transactions through eth_getBlockReceipts: one call per block instead
 * of one per transaction, for blocks the transactions make up most of (dense DEX blocks).
 * Blocks go in JSON-RPC batches of `blocksPerCall`, at most `concurrency` batches in flight.
 * A block the endpoint does not have yet is an error (the range is retried).
 */
export async function fetchBlockReceipts(
  rpc: RpcClient,
  blocks: readonly bigint[],
  txHashes: ReadonlySet<string>,
  opts: { opStack: boolean; minBlock?: bigint; blocksPerCall?: number; concurrency?: number },
): Promise<Map<string, EvmReceipt & { blockHash: string }>> {
  const out = new Map<string, EvmReceipt & { blockHash: string }>();
  const per = opts.blocksPerCall ?? 4;
  const groups: bigint[][] = [];
  for (let i = 0; i < blocks.length; i += per) groups.push(blocks.slice(i, i + per));
  let next = 0;
  const worker = async () => {
    while (next < groups.length) {
      const group = groups[next++]!;
      const res = await rpc.batch<NonNullable<JsonReceipt>[] | null>(
        group.map((n) => ({ method: "eth_getBlockReceipts", params: [`0x${n.toString(16)}`] })),
        { minBlock: opts.minBlock },
      );
      res.forEach((list, i) => {
        if (!list) throw new Error(`receipts of block ${group[i]} not available`);
        for (const r of list) {
          if (!txHashes.has(lower(r.transactionHash))) continue;
          const receipt = toReceipt(r, opts.opStack);
          out.set(receipt.transactionHash, receipt);
        }
      });
    }
  };
  await Promise.all(Array.from({ length: Math.min(opts.concurrency ?? 4, groups.length) }, worker));
  for (const h of txHashes) if (!out.has(h)) throw new Error(`receipt of ${h} not available`);
  return out;
}

/**
 * The receipt fields the pipeline reads; its logs keep what maker resolution and wallet flows
 * read (emitter, topics, data, position), the block and transaction being the receipt's own.
 */
function toReceipt(r: NonNullable<JsonReceipt>, opStack: boolean): EvmReceipt & { blockHash: string } {
  const logs = new Array<EvmReceipt["logs"][number]>(r.logs.length);
  for (let i = 0; i < r.logs.length; i++) {
    const l = r.logs[i]!;
    const topics = l.topics;
    for (let t = 0; t < topics.length; t++) topics[t] = lower(topics[t]!);
    logs[i] = { address: lower(l.address), topics, data: lower(l.data), logIndex: Number(l.logIndex) };
  }
  return {
    transactionHash: lower(r.transactionHash),
    blockHash: lower(r.blockHash),
    from: lower(r.from),
    to: r.to ? lower(r.to) : null,
    gasUsed: BigInt(r.gasUsed),
    effectiveGasPrice: BigInt(r.effectiveGasPrice ?? "0x0"),
    l1Fee: opStack && r.l1Fee ? BigInt(r.l1Fee) : null,
    logs,
  };
}
