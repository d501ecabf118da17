import { type Address, erc20Abi, type Hex } from "viem";
import type { DevnetClient } from "../../services/ingest/src/devnet/createDevnetClient.ts";
import type { DevnetDeployment } from "../../services/ingest/src/devnet/DevnetDeployment.ts";
import { chainSwaps } from "./evmChainTruth.ts";

const NATIVE = "0x0000000000000000000000000000000000000000";

/**
 * Each wallet's swap transactions as the chain shows them: the transactions holding a Uniswap
 * Swap log (read with viem) sent by that wallet, by wallet.
 */
export async function chainWalletSwapTxs(
  client: DevnetClient,
  deployment: DevnetDeployment,
  from: bigint,
  to: bigint,
): Promise<Map<string, Set<string>>> {
  const out = new Map<string, Set<string>>();
  for (const s of await chainSwaps(client, deployment, from, to)) {
    const set = out.get(s.from) ?? new Set<string>();
    set.add(s.txHash);
    out.set(s.from, set);
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
