import type { Abi, Address } from "viem";
import type { DevnetClient } from "./createDevnetClient.ts";
import type { TxSender } from "./createTxSender.ts";
import { MAX_UINT256 } from "./devnetConstants.ts";

/**
 * Makes sure `spender` may pull at least `amount` of `token` from the sender, approving the maximum
 * when the current allowance is short (one approval per token and spender, as wallets usually do).
 */
export async function ensureAllowance(
  client: DevnetClient,
  sender: TxSender,
  erc20Abi: Abi,
  token: Address,
  spender: Address,
  amount: bigint,
): Promise<void> {
  const key = `${token}:${spender}`;
  if (sender.approvals.has(key)) return;
  const allowance = (await client.readContract({
    address: token,
    abi: erc20Abi,
    functionName: "allowance",
    args: [sender.address, spender],
  })) as bigint;
  if (allowance >= amount) return;
  await sender.write(
    { address: token, abi: erc20Abi, functionName: "approve", args: [spender, MAX_UINT256] },
    `approve ${token} for ${spender}`,
  );
  sender.approvals.add(key);
}
