import {
  type Abi,
  type Address,
  encodeDeployData,
  encodeFunctionData,
  type Hash,
  type Hex,
  type LocalAccount,
  parseGwei,
  type TransactionReceipt,
} from "viem";
import type { DevnetClient } from "./createDevnetClient.ts";
import { DevnetError } from "./DevnetError.ts";
import type { ContractArtifact } from "./loadDevnetArtifacts.ts";

/** One contract call to send as a transaction. */
export type ContractCall = {
  address: Address;
  abi: Abi;
  functionName: string;
  args?: readonly unknown[];
  value?: bigint;
};

/** Sends transactions from one account and waits until each is mined. */
export type TxSender = {
  /** The sending account, lowercase. */
  address: Address;
  /** `token:spender` pairs this account has approved for the maximum (see ensureAllowance). */
  approvals: Set<string>;
  /**
   * Sends a contract call and returns its receipt once mined.
   * @throws the node's error when the call would revert (nothing is sent), or DevnetError `TX_FAILED`
   * when it was mined and reverted.
   */
  write: (call: ContractCall, what: string) => Promise<TransactionReceipt>;
  /**
   * Sends calls one after another without waiting between them, then waits for all: fewer blocks on
   * an interval-mining node, same order as `write` in a loop.
   */
  writeAll: (calls: ContractCall[], what: string) => Promise<TransactionReceipt[]>;
  /** Deploys `artifact` with constructor `args`; returns the new contract's lowercase address. */
  deploy: (artifact: ContractArtifact, args: readonly unknown[], what: string) => Promise<Address>;
};

const RECEIPT_TIMEOUT_MS = 120_000;
// Fixed fee caps keep signed transactions identical across runs of a seed; anvil's base fee stays
// far below the cap, and the priority fee is what a wallet would typically tip.
const MAX_FEE_PER_GAS = parseGwei("100");
const MAX_PRIORITY_FEE_PER_GAS = parseGwei("1");

// An estimate is exact for the block it ran against; the transaction can land in one with another
// timestamp (Uniswap V3 then writes a new oracle observation) and run out of gas. Wallets add headroom too.
function withHeadroom(estimate: bigint): bigint {
  return (estimate * 13n) / 10n + 20_000n;
}

/**
 * A {@link TxSender} for `account` over `client`'s connection: an address the node holds unlocked
 * (anvil's dev accounts; the node signs and assigns nonces), or a local key this process signs with
 * (nonces tracked here, so one sender must not send from two places at once). Gas is estimated
 * first, so a call that would revert throws before anything is sent; with `fixedGas` it is not, and
 * a reverting call is mined and reported from its receipt (faster for setup work where every
 * transaction is its own block). `mineEachTx` forces a block after each send, for setup work on a
 * node that mines on an interval.
 */
export function createTxSender(
  client: DevnetClient,
  account: LocalAccount | Address,
  opts: { mineEachTx?: boolean; fixedGas?: bigint } = {},
): TxSender {
  const local = typeof account === "string" ? null : account;
  const address = (typeof account === "string" ? account : account.address).toLowerCase() as Address;
  let nextNonce: number | null = null;

  async function send(tx: { to?: Address; data: Hex; value?: bigint }): Promise<Hash> {
    const gas = opts.fixedGas ?? withHeadroom(await client.estimateGas({ account: address, ...tx }));
    const fees = { maxFeePerGas: MAX_FEE_PER_GAS, maxPriorityFeePerGas: MAX_PRIORITY_FEE_PER_GAS };
    if (!local) return client.sendTransaction({ account: address, chain: null, ...tx, gas, ...fees });
    nextNonce ??= await client.getTransactionCount({ address, blockTag: "pending" });
    const serializedTransaction = await local.signTransaction({
      chainId: client.chain.id,
      type: "eip1559",
      nonce: nextNonce,
      ...tx,
      gas,
      ...fees,
    });
    try {
      const hash = await client.sendRawTransaction({ serializedTransaction });
      nextNonce++;
      return hash;
    } catch (err) {
      nextNonce = null;
      throw err;
    }
  }

  function sendCall(call: ContractCall): Promise<Hash> {
    const data = encodeFunctionData({
      abi: call.abi,
      functionName: call.functionName,
      args: call.args ?? [],
    });
    return send({ to: call.address, data, ...(call.value !== undefined ? { value: call.value } : {}) });
  }

  async function confirm(hash: Hash, what: string): Promise<TransactionReceipt> {
    if (opts.mineEachTx) await client.mine({ blocks: 1 });
    const deadline = Date.now() + RECEIPT_TIMEOUT_MS;
    let pause = 2;
    while (Date.now() < deadline) {
      const receipt = await client.getTransactionReceipt({ hash }).catch(() => null);
      if (receipt) {
        if (receipt.status !== "success") {
          throw new DevnetError("TX_FAILED", `${what}: transaction ${hash} reverted`);
        }
        return receipt;
      }
      await new Promise((resolve) => setTimeout(resolve, pause));
      pause = Math.min(pause * 2, 250);
    }
    throw new DevnetError(
      "TX_FAILED",
      `${what}: transaction ${hash} not mined within ${RECEIPT_TIMEOUT_MS} ms`,
    );
  }

  return {
    address,
    approvals: new Set(),
    async write(call, what) {
      return confirm(await sendCall(call), what);
    },
    async writeAll(calls, what) {
      const hashes: Hash[] = [];
      for (const call of calls) hashes.push(await sendCall(call));
      const receipts: TransactionReceipt[] = [];
      for (const hash of hashes) receipts.push(await confirm(hash, what));
      return receipts;
    },
    async deploy(artifact, args, what) {
      const receipt = await confirm(
        await send({ data: encodeDeployData({ abi: artifact.abi, bytecode: artifact.bytecode, args }) }),
        what,
      );
      if (!receipt.contractAddress)
        throw new DevnetError("TX_FAILED", `${what}: no contract address in ${receipt.transactionHash}`);
      return receipt.contractAddress.toLowerCase() as Address;
    },
  };
}
