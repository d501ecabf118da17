import type { RpcClient } from "../../rpc/createRpcClient.ts";
import { RpcResponseError } from "../../rpc/RpcErrors.ts";
import type { RawLog } from "../decoders/DexEvent.ts";

type JsonLog = {
  address: string;
  topics: string[];
  data: string;
  blockNumber: string;
  blockHash: string;
  transactionHash: string;
  transactionIndex: string;
  logIndex: string;
  removed?: boolean;
};

const hex = (n: bigint) => `0x${n.toString(16)}`;

/** A JSON-RPC log object as the pipeline's RawLog. */
export function toRawLog(l: JsonLog): RawLog {
  return {
    address: l.address.toLowerCase(),
    topics: l.topics.map((t) => t.toLowerCase()),
    data: l.data.toLowerCase(),
    blockNumber: BigInt(l.blockNumber),
    blockHash: l.blockHash.toLowerCase(),
    transactionHash: l.transactionHash.toLowerCase(),
    transactionIndex: Number(l.transactionIndex),
    logIndex: Number(l.logIndex),
  };
}

// Providers refuse big answers with various messages; a smaller range is the cure for all of them.
const TOO_BIG = /range|limit|exceed|too many|results|size|10000/i;

/**
 * eth_getLogs over [from, to] for any of `topic0s` (or a full topic filter, and one or more
 * emitters), halving the range when the provider
 * refuses it as too large. Removed logs are dropped. Sorted by block and log index.
 */
export async function fetchLogs(
  rpc: RpcClient,
  from: bigint,
  to: bigint,
  topic0s: readonly string[],
  filter: { address?: string | string[]; topics?: (string | string[] | null)[] } = {},
): Promise<RawLog[]> {
  try {
    const query = {
      fromBlock: hex(from),
      toBlock: hex(to),
      topics: filter.topics ?? [topic0s],
      ...(filter.address ? { address: filter.address } : {}),
    };
    const logs = await rpc.request<JsonLog[]>("eth_getLogs", [query], { minBlock: to });
    return logs
      .filter((l) => !l.removed)
      .map(toRawLog)
      .sort((a, b) =>
        a.blockNumber === b.blockNumber ? a.logIndex - b.logIndex : a.blockNumber < b.blockNumber ? -1 : 1,
      );
  } catch (err) {
    if (err instanceof RpcResponseError && to > from && TOO_BIG.test(err.message)) {
      const mid = from + (to - from) / 2n;
      return [
        ...(await fetchLogs(rpc, from, mid, topic0s, filter)),
        ...(await fetchLogs(rpc, mid + 1n, to, topic0s, filter)),
      ];
    }
    throw err;
  }
}
