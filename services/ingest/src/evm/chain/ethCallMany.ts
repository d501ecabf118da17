import { decodeFunctionResult, encodeFunctionData, type Hex, parseAbi } from "viem";
import type { RpcClient } from "../../rpc/createRpcClient.ts";
import { RpcResponseError } from "../../rpc/RpcErrors.ts";

const multicall3Abi = parseAbi([
  "struct Call3 { address target; bool allowFailure; bytes callData; }",
  "struct Result { bool success; bytes returnData; }",
  "function aggregate3(Call3[] calls) payable returns (Result[] returnData)",
]);

/** One read-only call. */
export type EthCall = { to: string; data: Hex };

const MULTICALL_CHUNK = 250;

/**
 * Runs many eth_calls at `blockTag` ("latest" or a block number) through Multicall3 when the
 * chain has it, else as one JSON-RPC batch. A call that reverts (or returns nothing) answers
 * null in its slot; it never fails the others.
 */
export async function ethCallMany(
  rpc: RpcClient,
  calls: readonly EthCall[],
  blockTag: bigint | "latest",
  multicall3: string | null,
): Promise<(Hex | null)[]> {
  if (calls.length === 0) return [];
  const tag = blockTag === "latest" ? "latest" : `0x${blockTag.toString(16)}`;
  const minBlock = blockTag === "latest" ? undefined : blockTag;
  if (multicall3) {
    const chunks: EthCall[][] = [];
    for (let i = 0; i < calls.length; i += MULTICALL_CHUNK) chunks.push(calls.slice(i, i + MULTICALL_CHUNK));
    const answers = await rpc.batchSettled<Hex>(
      chunks.map((chunk) => ({
        method: "eth_call",
        params: [
          {
            to: multicall3,
            data: encodeFunctionData({
              abi: multicall3Abi,
              functionName: "aggregate3",
              args: [chunk.map((c) => ({ target: c.to as Hex, allowFailure: true, callData: c.data }))],
            }),
          },
          tag,
        ],
      })),
      { minBlock },
    );
    const out: (Hex | null)[] = [];
    answers.forEach((answer, i) => {
      const chunk = chunks[i]!;
      if (answer instanceof RpcResponseError) {
        for (const _ of chunk) out.push(null);
        return;
      }
      const results = decodeFunctionResult({ abi: multicall3Abi, functionName: "aggregate3", data: answer });
      for (const r of results) out.push(r.success && r.returnData !== "0x" ? r.returnData : null);
    });
    return out;
  }
  const answers = await rpc.batchSettled<Hex>(
    calls.map((c) => ({ method: "eth_call", params: [{ to: c.to, data: c.data }, tag] })),
    { minBlock },
  );
  return answers.map((a) => (a instanceof RpcResponseError || a === "0x" ? null : a));
}
