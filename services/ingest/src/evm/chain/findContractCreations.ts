import type { RpcClient } from "../../rpc/createRpcClient.ts";
import { RpcResponseError } from "../../rpc/RpcErrors.ts";

/** Where and by whom a contract was created. */
export type ContractCreation = {
  /** first block whose state holds the contract's code */
  block: bigint;
  /** that block's time, ms */
  at: number;
  /** the creating transaction, when found in the block's receipts */
  txHash: string | null;
  /** that transaction's sender (a direct deploy's sender, or the caller of the factory that created it) */
  deployer: string | null;
};

type JsonReceipt = {
  transactionHash: string;
  transactionIndex: string;
  from: string;
  contractAddress: string | null;
  logs: { address: string }[];
};

/** How many blocks' receipts are read at once while attributing creations. */
const RECEIPT_BLOCKS_IN_FLIGHT = 4;

const hex = (n: bigint) => `0x${n.toString(16)}`;
const hasCode = (code: unknown) => typeof code === "string" && code !== "0x" && code !== "";

/**
 * Finds the creation of contracts that hold code at block `upTo`. The rule (README "Token
 * creation"):
 *
 * 1. **Block**: a binary search of `eth_getCode` over blocks 0..upTo for the first block whose
 *    state holds code (one JSON-RPC batch per step for every address, about log2(upTo) steps).
 * 2. **Transaction and deployer**, from that block's receipts in block order: the receipt whose
 *    `contractAddress` is the contract (a direct deploy: its sender); else the first receipt
 *    carrying a log emitted by the contract (created by a factory, a launchpad's create call:
 *    the factory call's sender, since a token's constructor emits its mint Transfer); else unknown.
 *
 * An address without code at `upTo` (not a contract) or whose history the endpoint cannot serve
 * (a pruned node answers errors for old state) is left out: unknown, never guessed.
 */
export async function findContractCreations(
  rpc: RpcClient,
  addresses: readonly string[],
  upTo: bigint,
): Promise<Map<string, ContractCreation>> {
  const out = new Map<string, ContractCreation>();
  if (addresses.length === 0) return out;
  const first = await firstBlocksWithCode(rpc, [...new Set(addresses)], upTo);
  if (first.size === 0) return out;
  const blocks = [...new Set(first.values())];
  const attributed = new Map<bigint, { at: number; receipts: JsonReceipt[] } | null>();
  let next = 0;
  const lane = async () => {
    while (next < blocks.length) {
      const b = blocks[next++]!;
      attributed.set(b, await blockReceipts(rpc, b));
    }
  };
  await Promise.all(Array.from({ length: Math.min(RECEIPT_BLOCKS_IN_FLIGHT, blocks.length) }, lane));
  for (const [address, block] of first) {
    const r = attributed.get(block);
    if (!r) continue;
    const tx = creatingReceipt(r.receipts, address);
    out.set(address, {
      block,
      at: r.at,
      txHash: tx?.transactionHash.toLowerCase() ?? null,
      deployer: tx?.from.toLowerCase() ?? null,
    });
  }
  return out;
}

/** The receipt that created `address` in its creation block (rule 2 above); null when none shows it. */
export function creatingReceipt(receipts: readonly JsonReceipt[], address: string): JsonReceipt | null {
  const a = address.toLowerCase();
  const ordered = [...receipts].sort((x, y) =>
    Number(BigInt(x.transactionIndex) - BigInt(y.transactionIndex)),
  );
  return (
    ordered.find((r) => r.contractAddress?.toLowerCase() === a) ??
    ordered.find((r) => r.logs.some((l) => l.address.toLowerCase() === a)) ??
    null
  );
}

/** The first block holding code, per address with code at `upTo`. */
async function firstBlocksWithCode(
  rpc: RpcClient,
  addresses: string[],
  upTo: bigint,
): Promise<Map<string, bigint>> {
  const at = await rpc.batchSettled<string>(
    addresses.map((a) => ({ method: "eth_getCode", params: [a, hex(upTo)] })),
  );
  // lo: a block known without code (or -1), hi: a block known with code
  let open = addresses
    .map((a, i) => ({ a, lo: -1n, hi: upTo, ok: hasCode(at[i]) }))
    .filter((s) => s.ok)
    .map(({ a, lo, hi }) => ({ a, lo, hi }));
  const found = new Map<string, bigint>();
  while (open.length > 0) {
    const probing = open.filter((s) => s.hi - s.lo > 1n);
    for (const s of open) if (s.hi - s.lo <= 1n) found.set(s.a, s.hi);
    if (probing.length === 0) break;
    const mids = probing.map((s) => (s.lo + s.hi) / 2n);
    const codes = await rpc.batchSettled<string>(
      probing.map((s, i) => ({ method: "eth_getCode", params: [s.a, hex(mids[i]!)] })),
    );
    open = [];
    probing.forEach((s, i) => {
      const code = codes[i];
      if (code instanceof RpcResponseError) return; // history not served: unknown
      if (hasCode(code)) s.hi = mids[i]!;
      else s.lo = mids[i]!;
      open.push(s);
    });
  }
  return found;
}

/** The time and receipts of block `n` (eth_getBlockReceipts, else one receipt per transaction). */
async function blockReceipts(
  rpc: RpcClient,
  n: bigint,
): Promise<{ at: number; receipts: JsonReceipt[] } | null> {
  const block = await rpc.request<{ timestamp: string; transactions: string[] } | null>(
    "eth_getBlockByNumber",
    [hex(n), false],
  );
  if (!block) return null;
  const at = Number(BigInt(block.timestamp)) * 1000;
  try {
    const receipts = await rpc.request<JsonReceipt[] | null>("eth_getBlockReceipts", [hex(n)]);
    if (receipts) return { at, receipts };
  } catch (err) {
    if (!(err instanceof RpcResponseError)) throw err;
  }
  const receipts = await rpc.batch<JsonReceipt | null>(
    block.transactions.map((h) => ({ method: "eth_getTransactionReceipt", params: [h] })),
  );
  return { at, receipts: receipts.filter((r): r is JsonReceipt => r !== null) };
}
