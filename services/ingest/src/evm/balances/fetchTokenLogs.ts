import type { RpcClient } from "../../rpc/createRpcClient.ts";
import { fetchLogs } from "../chain/fetchLogs.ts";
import type { RawLog } from "../decoders/DexEvent.ts";
import { DEPOSIT_TOPIC, TRANSFER_TOPIC, WITHDRAWAL_TOPIC } from "./transferBalanceChanges.ts";

// Providers cap the emitter list of one eth_getLogs; a few hundred is accepted everywhere.
const EMITTERS_PER_REQUEST = 500;

/**
 * The balance logs (`Transfer`, and WETH9's `Deposit`/`Withdrawal`) emitted by `tokens` over
 * [from, to]: one eth_getLogs per 500 tokens, in parallel, sorted by block and log index.
 */
export async function fetchTokenLogs(
  rpc: RpcClient,
  from: bigint,
  to: bigint,
  tokens: readonly string[],
): Promise<RawLog[]> {
  if (tokens.length === 0 || to < from) return [];
  const chunks: string[][] = [];
  for (let i = 0; i < tokens.length; i += EMITTERS_PER_REQUEST)
    chunks.push(tokens.slice(i, i + EMITTERS_PER_REQUEST));
  const parts = await Promise.all(
    chunks.map((address) =>
      fetchLogs(rpc, from, to, [], { address, topics: [[TRANSFER_TOPIC, DEPOSIT_TOPIC, WITHDRAWAL_TOPIC]] }),
    ),
  );
  const logs = parts.flat();
  if (parts.length > 1)
    logs.sort((a, b) =>
      a.blockNumber === b.blockNumber ? a.logIndex - b.logIndex : a.blockNumber < b.blockNumber ? -1 : 1,
    );
  return logs;
}
