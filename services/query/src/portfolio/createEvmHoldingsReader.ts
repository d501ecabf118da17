import { decodeFunctionResult, encodeFunctionData, type Hex, parseAbi } from "viem";
import { type NodeRpc, NodeUnavailableError } from "./createNodeRpc.ts";
import type { HoldingsReader } from "./HoldingsReader.ts";

const erc20 = parseAbi([
  "function balanceOf(address) view returns (uint256)",
  "function decimals() view returns (uint8)",
]);
const multicall3Abi = parseAbi([
  "struct Call3 { address target; bool allowFailure; bytes callData; }",
  "struct Result { bool success; bytes returnData; }",
  "function aggregate3(Call3[] calls) payable returns (Result[] returnData)",
]);

/** calls per Multicall3 `aggregate3` (one eth_call each). */
const MULTICALL_CHUNK = 300;

/**
 * EVM holdings: `eth_getBalance` plus `balanceOf` and `decimals` of each token, in Multicall3 `aggregate3`
 * batches when the chain has Multicall3 (`multicall3` address), else as plain `eth_call`s in one
 * JSON-RPC batch. Every read is at one block (the latest when the read starts), so the balances
 * are one moment's. A token whose `balanceOf` reverts or answers nothing is left out.
 */
export function createEvmHoldingsReader(opts: {
  rpc: NodeRpc;
  multicall3: string | null;
  now?: () => number;
}): HoldingsReader {
  const { rpc, multicall3 } = opts;
  const now = opts.now ?? Date.now;
  return {
    async read(wallet, tokens) {
      const asOf = now();
      const block = await rpc.call<string>("eth_blockNumber", []);
      const balanceData = encodeFunctionData({
        abi: erc20,
        functionName: "balanceOf",
        args: [wallet as Hex],
      });
      const decimalsData = encodeFunctionData({ abi: erc20, functionName: "decimals" });
      // each token's balanceOf, then its decimals (a token the store does not know yet)
      const reads = tokens.flatMap((t) => [
        { to: t, data: balanceData },
        { to: t, data: decimalsData },
      ]);
      const calls = multicall3
        ? chunks(reads, MULTICALL_CHUNK).map((chunk) => ({
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
              block,
            ],
          }))
        : reads.map((c) => ({ method: "eth_call", params: [c, block] }));
      const answers = await rpc.batch([{ method: "eth_getBalance", params: [wallet, block] }, ...calls]);
      const [native, ...rest] = answers;
      if (!native || "error" in native) throw new NodeUnavailableError("eth_getBalance failed");
      const raw: (Hex | null)[] = [];
      if (multicall3) {
        for (const a of rest) {
          if ("error" in a)
            throw new NodeUnavailableError(`Multicall3 aggregate3 failed: ${a.error.message}`);
          const results = decodeFunctionResult({
            abi: multicall3Abi,
            functionName: "aggregate3",
            data: a.result as Hex,
          });
          for (const r of results) raw.push(r.success && r.returnData !== "0x" ? r.returnData : null);
        }
      } else for (const a of rest) raw.push("error" in a || a.result === "0x" ? null : (a.result as Hex));
      const balances = new Map<string, { raw: bigint; decimals: number | null }>();
      tokens.forEach((t, i) => {
        const balance = raw[2 * i];
        const decimals = raw[2 * i + 1];
        if (!balance) return;
        try {
          balances.set(t, {
            raw: decodeFunctionResult({ abi: erc20, functionName: "balanceOf", data: balance }),
            decimals: decimals
              ? decodeFunctionResult({ abi: erc20, functionName: "decimals", data: decimals })
              : null,
          });
        } catch {
          // not an ERC-20 answer: no balance to show
        }
      });
      return { asOf, block, nativeRaw: BigInt(native.result as string), tokens: balances };
    },
  };
}

function chunks<T>(list: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}
