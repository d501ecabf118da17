import type { ChainId, WalletFundingRecord } from "@tapeline/core";
import type { RpcClient } from "../../rpc/createRpcClient.ts";
import { RpcResponseError } from "../../rpc/RpcErrors.ts";

/** Funding blocks read at once (each with its transactions, and its traces where needed). */
const FUNDING_BLOCKS_AT_ONCE = 8;

const hex = (n: bigint) => `0x${n.toString(16)}`;
const big = (v: unknown) => (typeof v === "string" && v.startsWith("0x") ? BigInt(v) : null);

type JsonTx = { hash: string; from: string; to: string | null; value: string; transactionIndex: string };
type ParityTrace = {
  type: string;
  action: { from?: string; to?: string; value?: string; callType?: string };
  transactionHash: string | null;
  transactionPosition: number | null;
  traceAddress: number[];
  error?: string;
};

/**
 * The funding of each wallet (README "Wallet funding"), looked up against the state at `upTo`:
 *
 * 1. **Block**: a binary search over 0..upTo for the first block where the wallet holds a balance
 *    or has sent a transaction (nonce above 0), one JSON-RPC batch per step for every wallet (an
 *    account funded and then emptied without sending — a contract pulling from it — would break
 *    the search's order; an EOA cannot be emptied without a transaction of its own).
 * 2. **Transfer**, in that block: the first successful transaction paying the wallet value
 *    (top-level); else, where the node serves `trace_block`, the first internal call paying it
 *    value (its position in the transaction's traces). A node without traces leaves a wallet
 *    funded only internally without a funding (unknown); so do rewards and withdrawals.
 *
 * A wallet whose history the node cannot serve (pruned state) is left out.
 */
export async function findWalletFundings(
  rpc: RpcClient,
  chain: ChainId,
  wallets: readonly string[],
  upTo: bigint,
): Promise<WalletFundingRecord[]> {
  if (wallets.length === 0) return [];
  const first = await firstFundedBlocks(rpc, [...new Set(wallets)], upTo);
  const byBlock = new Map<bigint, string[]>();
  for (const [w, b] of first) byBlock.set(b, [...(byBlock.get(b) ?? []), w]);
  // the blocks are read side by side, a few at a time (a full block can be large)
  const blocks = [...byBlock];
  const out: WalletFundingRecord[] = [];
  for (let i = 0; i < blocks.length; i += FUNDING_BLOCKS_AT_ONCE) {
    const read = await Promise.all(
      blocks
        .slice(i, i + FUNDING_BLOCKS_AT_ONCE)
        .map(([block, ws]) => fundingsInBlock(rpc, chain, block, ws)),
    );
    for (const found of read) out.push(...found);
  }
  return out;
}

/** Whether the account at `block` holds a balance or has sent a transaction. */
async function touched(rpc: RpcClient, wallets: string[], blocks: bigint[]): Promise<(boolean | null)[]> {
  const calls = wallets.flatMap((w, i) => [
    { method: "eth_getBalance", params: [w, hex(blocks[i]!)] },
    { method: "eth_getTransactionCount", params: [w, hex(blocks[i]!)] },
  ]);
  const res = await rpc.batchSettled<string>(calls);
  return wallets.map((_, i) => {
    const [bal, nonce] = [res[2 * i], res[2 * i + 1]];
    if (bal instanceof RpcResponseError || nonce instanceof RpcResponseError) return null;
    return (big(bal) ?? 0n) > 0n || (big(nonce) ?? 0n) > 0n;
  });
}

async function firstFundedBlocks(
  rpc: RpcClient,
  wallets: string[],
  upTo: bigint,
): Promise<Map<string, bigint>> {
  const atHead = await touched(
    rpc,
    wallets,
    wallets.map(() => upTo),
  );
  // lo: a block known untouched (or -1), hi: a block known touched
  let open = wallets.filter((_, i) => atHead[i] === true).map((a) => ({ a, lo: -1n, hi: upTo }));
  const found = new Map<string, bigint>();
  while (open.length > 0) {
    for (const s of open) if (s.hi - s.lo <= 1n) found.set(s.a, s.hi);
    const probing = open.filter((s) => s.hi - s.lo > 1n);
    if (probing.length === 0) break;
    const mids = probing.map((s) => (s.lo + s.hi) / 2n);
    const at = await touched(
      rpc,
      probing.map((s) => s.a),
      mids,
    );
    open = [];
    probing.forEach((s, i) => {
      if (at[i] === null) return; // history not served: unknown
      if (at[i]) s.hi = mids[i]!;
      else s.lo = mids[i]!;
      open.push(s);
    });
  }
  return found;
}

async function fundingsInBlock(
  rpc: RpcClient,
  chain: ChainId,
  block: bigint,
  wallets: string[],
): Promise<WalletFundingRecord[]> {
  const b = await rpc.request<{ timestamp: string; transactions: JsonTx[] } | null>("eth_getBlockByNumber", [
    hex(block),
    true,
  ]);
  if (!b) return [];
  const fundedAt = Number(BigInt(b.timestamp)) * 1000;
  const out: WalletFundingRecord[] = [];
  const left = new Set(wallets);
  const txs = [...b.transactions].sort((x, y) =>
    Number(BigInt(x.transactionIndex) - BigInt(y.transactionIndex)),
  );
  for (const w of wallets) {
    for (const tx of txs) {
      if (tx.to?.toLowerCase() !== w || (big(tx.value) ?? 0n) === 0n) continue;
      const receipt = await rpc.request<{ status: string } | null>("eth_getTransactionReceipt", [tx.hash]);
      if (receipt?.status !== "0x1") continue;
      out.push({
        chain,
        wallet: w,
        funder: tx.from.toLowerCase(),
        fundedAt,
        block,
        txIndex: Number(BigInt(tx.transactionIndex)),
        position: 0,
        txHash: tx.hash.toLowerCase(),
        amountNative: big(tx.value)!,
      });
      left.delete(w);
      break;
    }
  }
  if (left.size === 0) return out;
  let traces: ParityTrace[];
  try {
    traces = (await rpc.request<ParityTrace[] | null>("trace_block", [hex(block)])) ?? [];
  } catch (err) {
    if (err instanceof RpcResponseError) return out; // no traces: internal fundings stay unknown
    throw err;
  }
  const seen = new Map<string, number>();
  for (const t of traces) {
    const key = t.transactionHash ?? "";
    const position = seen.get(key) ?? 0;
    seen.set(key, position + 1);
    const to = t.action.to?.toLowerCase();
    const value = big(t.action.value) ?? 0n;
    if (t.type !== "call" || t.error || !to || !left.has(to) || value === 0n || t.traceAddress.length === 0)
      continue;
    if (t.transactionHash === null || t.transactionPosition === null) continue;
    out.push({
      chain,
      wallet: to,
      funder: (t.action.from ?? "").toLowerCase(),
      fundedAt,
      block,
      txIndex: t.transactionPosition,
      position,
      txHash: t.transactionHash.toLowerCase(),
      amountNative: value,
    });
    left.delete(to);
  }
  return out;
}
