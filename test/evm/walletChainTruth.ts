import type pg from "pg";
import { type Address, decodeEventLog, erc20Abi, type Hex } from "viem";
import { expect } from "vitest";
import type { DevnetClient } from "../../services/ingest/src/devnet/createDevnetClient.ts";
import type { DevnetDeployment } from "../../services/ingest/src/devnet/DevnetDeployment.ts";
import { ENTRY_POINT_V07 } from "../../services/ingest/src/devnet/deployAccountAbstraction.ts";
import { loadDevnetArtifacts } from "../../services/ingest/src/devnet/loadDevnetArtifacts.ts";
import { chainSwaps } from "./evmChainTruth.ts";

const NATIVE = "0x0000000000000000000000000000000000000000";

/**
 * Each wallet's swap transactions as the chain shows them, by wallet: the transactions holding a
 * Uniswap Swap log (read with viem), by their sender, or, for a swap run inside an ERC-4337 user
 * operation, by the smart account of that operation (the EntryPoint's UserOperationEvent, decoded
 * with its published ABI, that follows the swap log: the EntryPoint emits it once the operation ran).
 */
export async function chainWalletSwapTxs(
  client: DevnetClient,
  deployment: DevnetDeployment,
  from: bigint,
  to: bigint,
): Promise<Map<string, Set<string>>> {
  const out = new Map<string, Set<string>>();
  const entryPointAbi = loadDevnetArtifacts().entryPoint.abi;
  for (const s of await chainSwaps(client, deployment, from, to)) {
    const receipt = await client.getTransactionReceipt({ hash: s.txHash as Hex });
    let wallet = s.from;
    for (const log of receipt.logs) {
      if (log.address.toLowerCase() !== ENTRY_POINT_V07 || log.logIndex <= s.logIndex) continue;
      const e = decodeEventLog({ abi: entryPointAbi, data: log.data, topics: log.topics });
      if (e.eventName !== "UserOperationEvent") continue;
      wallet = String((e.args as unknown as { sender: string }).sender).toLowerCase();
      break;
    }
    const set = out.get(wallet) ?? new Set<string>();
    set.add(s.txHash);
    out.set(wallet, set);
  }
  return out;
}

/**
 * How one transaction moved `wallet`'s balance of `token`, read from the chain: balanceOf (or
 * eth_getBalance, the transaction's gas added back when the wallet paid it) at the
 * transaction's block and the block before. The native coin and WETH count as one asset. The
 * devnet mines one transaction per block, which the caller checks.
 */
export async function chainBalanceChange(
  client: DevnetClient,
  deployment: DevnetDeployment,
  wallet: string,
  txHash: string,
  token: string,
): Promise<bigint> {
  const receipt = await client.getTransactionReceipt({ hash: txHash as Hex });
  const after = receipt.blockNumber;
  const before = after - 1n;
  const erc20 = async (address: string, blockNumber: bigint) =>
    client.readContract({
      address: address as Address,
      abi: erc20Abi,
      functionName: "balanceOf",
      args: [wallet as Address],
      blockNumber,
    });
  if (token !== NATIVE && token !== deployment.weth)
    return (await erc20(token, after)) - (await erc20(token, before));
  const eth = async (blockNumber: bigint) => client.getBalance({ address: wallet as Address, blockNumber });
  const gas = receipt.from.toLowerCase() === wallet ? receipt.gasUsed * receipt.effectiveGasPrice : 0n;
  return (
    (await eth(after)) -
    (await eth(before)) +
    gas +
    (await erc20(deployment.weth, after)) -
    (await erc20(deployment.weth, before))
  );
}

type StoredAsset = { tokenAddress: string; amount: string };

/**
 * Checks the wallet tables against the chain up to block `to`: each wallet's swap rows and
 * trade events cover exactly the transactions in which the chain shows it swapping, once each,
 * and every stored swap's sent/received equals the wallet's balance change of each asset its
 * route touched ({@link chainBalanceChange}).
 * @returns how many wallet swap rows were checked.
 */
export async function expectWalletTablesMatchChain(
  db: pg.Pool,
  client: DevnetClient,
  deployment: DevnetDeployment,
  to: bigint,
): Promise<number> {
  const truth = await chainWalletSwapTxs(client, deployment, deployment.startBlock, to);
  const want = [...truth].flatMap(([wallet, txs]) => [...txs].map((tx) => `${wallet} ${tx}`)).sort();
  const swaps = await db.query<{
    wallet: string;
    tx_hash: string;
    sent: StoredAsset[];
    received: StoredAsset[];
    route: { sent: StoredAsset; received: StoredAsset }[];
  }>("select wallet, tx_hash, sent, received, route from wallet_swaps where block <= $1", [to.toString()]);
  expect(swaps.rows.map((r) => `${r.wallet} ${r.tx_hash}`).sort()).toEqual(want);
  const trades = await db.query<{ k: string }>(
    "select distinct wallet || ' ' || tx_hash as k from wallet_trades where block <= $1",
    [to.toString()],
  );
  expect(trades.rows.map((r) => r.k).sort()).toEqual(want);
  const key = (a: string) => (a === NATIVE ? deployment.weth : a);
  for (const r of swaps.rows) {
    const stored = new Map<string, bigint>();
    for (const a of r.sent) stored.set(key(a.tokenAddress), -BigInt(a.amount));
    for (const a of r.received) stored.set(key(a.tokenAddress), BigInt(a.amount));
    const touched = new Set(r.route.flatMap((l) => [key(l.sent.tokenAddress), key(l.received.tokenAddress)]));
    for (const token of touched) {
      const change = await chainBalanceChange(client, deployment, r.wallet, r.tx_hash, token);
      expect(stored.get(token) ?? 0n, `${r.wallet} ${r.tx_hash} ${token}`).toBe(change);
    }
  }
  return swaps.rows.length;
}
