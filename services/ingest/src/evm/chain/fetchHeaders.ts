import { TapelineError } from "@tapeline/core";
import type { RpcClient } from "../../rpc/createRpcClient.ts";
import type { EvmHeader } from "../applyDexEvents.ts";

/** A block the node does not have yet (a lagging endpoint, or the block is not mined). */
export class BlockNotAvailableError extends TapelineError {
  override name = "BlockNotAvailableError";
  override readonly retryable = true;
  constructor(readonly block: bigint) {
    super(`block ${block} is not available yet`);
  }
}

type JsonBlock = {
  number: string;
  hash: string;
  parentHash: string;
  timestamp: string;
  transactions?: unknown[];
} | null;

/**
 * Headers of the given blocks (one JSON-RPC batch). A block an endpoint does not have yet
 * throws BlockNotAvailableError: the caller waits, it never reads this as a reorg.
 */
export async function fetchHeaders(
  rpc: RpcClient,
  blocks: readonly bigint[],
): Promise<Map<bigint, EvmHeader>> {
  if (blocks.length === 0) return new Map();
  const max = blocks.reduce((a, b) => (a > b ? a : b));
  const res = await rpc.batch<JsonBlock>(
    blocks.map((n) => ({ method: "eth_getBlockByNumber", params: [`0x${n.toString(16)}`, false] })),
    { minBlock: max },
  );
  const out = new Map<bigint, EvmHeader>();
  res.forEach((b, i) => {
    if (!b) throw new BlockNotAvailableError(blocks[i]!);
    out.set(BigInt(b.number), {
      number: BigInt(b.number),
      hash: b.hash.toLowerCase(),
      parentHash: b.parentHash.toLowerCase(),
      timestamp: Number(BigInt(b.timestamp)),
      ...(b.transactions ? { txCount: b.transactions.length } : {}),
    });
  });
  return out;
}
