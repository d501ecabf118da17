import {
  type Address,
  concatHex,
  decodeEventLog,
  encodeFunctionData,
  type Hex,
  type LocalAccount,
  numberToHex,
  parseEther,
  parseGwei,
} from "viem";
import type { DevnetClient } from "./createDevnetClient.ts";
import type { ContractCall, TxSender } from "./createTxSender.ts";
import { DevnetError } from "./DevnetError.ts";
import type { DevnetAccountAbstraction } from "./deployAccountAbstraction.ts";
import { loadDevnetArtifacts } from "./loadDevnetArtifacts.ts";

/** Gas the account's validation may use (SimpleAccount: a signature check and the nonce). */
const VERIFICATION_GAS = 200_000n;
const PRE_VERIFICATION_GAS = 60_000n;
const MAX_FEE_PER_GAS = parseGwei("2");
const MAX_PRIORITY_FEE_PER_GAS = parseGwei("1");
/** Held by the EntryPoint for the account, so gas never comes out of the account's own balance. */
const GAS_DEPOSIT = parseEther("50");

/** Two 128-bit values packed high, low into a bytes32 (v0.7's accountGasLimits and gasFees). */
const pack128 = (high: bigint, low: bigint): Hex =>
  concatHex([numberToHex(high, { size: 16 }), numberToHex(low, { size: 16 })]);

/**
 * A {@link TxSender} whose address is an ERC-4337 SimpleAccount owned by `owner`: each call runs
 * as a user operation (`execute` on the account, signed by the owner) that `bundler` sends to the
 * EntryPoint in `handleOps`, naming itself beneficiary, as a bundler does. The account is created
 * through the factory (salt 0) and given a gas deposit at the EntryPoint, so its own balances move
 * only by what its calls move. A call is run first from the EntryPoint's address, so one that would
 * revert throws before anything is sent (its gas estimate is the operation's call gas).
 * The bundler sends one operation at a time.
 * @throws DevnetError `TX_FAILED` when the operation was mined and did not succeed.
 */
export async function createSmartAccountSender(
  client: DevnetClient,
  aa: DevnetAccountAbstraction,
  opts: { owner: LocalAccount; bundler: TxSender; funder: TxSender },
): Promise<TxSender> {
  const artifacts = loadDevnetArtifacts();
  const { owner, bundler, funder } = opts;
  await funder.write(
    {
      address: aa.simpleAccountFactory,
      abi: artifacts.simpleAccountFactory.abi,
      functionName: "createAccount",
      args: [owner.address, 0n],
    },
    "create smart account",
  );
  const address = String(
    await client.readContract({
      address: aa.simpleAccountFactory,
      abi: artifacts.simpleAccountFactory.abi,
      functionName: "getAddress",
      args: [owner.address, 0n],
    }),
  ).toLowerCase() as Address;
  await funder.write(
    {
      address: aa.entryPoint,
      abi: artifacts.entryPoint.abi,
      functionName: "depositTo",
      args: [address],
      value: GAS_DEPOSIT,
    },
    "deposit smart account gas",
  );
  const entryPointAbi = artifacts.entryPoint.abi;

  async function run(call: ContractCall, what: string) {
    const callData = encodeFunctionData({
      abi: artifacts.simpleAccount.abi,
      functionName: "execute",
      args: [
        call.address,
        call.value ?? 0n,
        encodeFunctionData({ abi: call.abi, functionName: call.functionName, args: call.args ?? [] }),
      ],
    });
    const callGas = await client.estimateGas({ account: aa.entryPoint, to: address, data: callData });
    const nonce = (await client.readContract({
      address: aa.entryPoint,
      abi: entryPointAbi,
      functionName: "getNonce",
      args: [address, 0n],
    })) as bigint;
    const op = {
      sender: address,
      nonce,
      initCode: "0x" as Hex,
      callData,
      accountGasLimits: pack128(VERIFICATION_GAS, (callGas * 13n) / 10n + 20_000n),
      preVerificationGas: PRE_VERIFICATION_GAS,
      gasFees: pack128(MAX_PRIORITY_FEE_PER_GAS, MAX_FEE_PER_GAS),
      paymasterAndData: "0x" as Hex,
      signature: "0x" as Hex,
    };
    const hash = (await client.readContract({
      address: aa.entryPoint,
      abi: entryPointAbi,
      functionName: "getUserOpHash",
      args: [op],
    })) as Hex;
    op.signature = await owner.signMessage({ message: { raw: hash } });
    const receipt = await bundler.write(
      {
        address: aa.entryPoint,
        abi: entryPointAbi,
        functionName: "handleOps",
        args: [[op], bundler.address],
      },
      `${what} (user operation of ${address})`,
    );
    const ran = receipt.logs.some((log) => {
      if (log.address.toLowerCase() !== aa.entryPoint) return false;
      try {
        const e = decodeEventLog({ abi: entryPointAbi, data: log.data, topics: log.topics });
        return e.eventName === "UserOperationEvent" && (e.args as unknown as { success: boolean }).success;
      } catch {
        return false;
      }
    });
    if (!ran)
      throw new DevnetError("TX_FAILED", `${what}: user operation in ${receipt.transactionHash} failed`);
    return receipt;
  }

  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(job: () => Promise<T>): Promise<T> => {
    const next = queue.then(job, job);
    queue = next.catch(() => {});
    return next;
  };

  return {
    address,
    approvals: new Set(),
    write: (call, what) => serial(() => run(call, what)),
    async writeAll(calls, what) {
      const receipts = [];
      for (const call of calls) receipts.push(await serial(() => run(call, what)));
      return receipts;
    },
    async deploy() {
      throw new DevnetError("TX_FAILED", "a smart account sender does not deploy contracts");
    },
  };
}
