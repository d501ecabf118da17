import type { RpcClient } from "../../rpc/createRpcClient.ts";
import type { EvmReceipt } from "../applyDexEvents.ts";
import { toRawLog } from "./fetchLogs.ts";

type JsonReceipt = {
  transactionHash: string;
  blockHash: string;
  from: string;
  to: string | null;
  gasUsed: string;
  effectiveGasPrice?: string;
  l1Fee?: string | null;
  logs: Parameters<typeof toRawLog>[0][];
} | null;

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
    out.set(r.transactionHash.toLowerCase(), {
      transactionHash: r.transactionHash.toLowerCase(),
      blockHash: r.blockHash.toLowerCase(),
      from: r.from.toLowerCase(),
      to: r.to ? r.to.toLowerCase() : null,
      gasUsed: BigInt(r.gasUsed),
      effectiveGasPrice: BigInt(r.effectiveGasPrice ?? "0x0"),
      l1Fee: opts.opStack && r.l1Fee ? BigInt(r.l1Fee) : null,
      logs: r.logs.map(toRawLog),
    });
  });
  return out;
}
