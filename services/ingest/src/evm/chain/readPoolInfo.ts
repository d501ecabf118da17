import { encodeFunctionData, type Hex, parseAbi } from "viem";
import type { RpcClient } from "../../rpc/createRpcClient.ts";
import { ethCallMany } from "./ethCallMany.ts";

const poolAbi = parseAbi([
  "function factory() view returns (address)",
  "function token0() view returns (address)",
  "function token1() view returns (address)",
  "function fee() view returns (uint24)",
  "function tickSpacing() view returns (int24)",
  "function stable() view returns (bool)",
]);

/** Immutable facts of a pool contract, read from the contract itself. */
export type PoolInfo = {
  address: string;
  factory: string | null;
  token0: string | null;
  token1: string | null;
  fee: number | null;
  tickSpacing: number | null;
  stable: boolean | null;
};

const word = (d: Hex | null): bigint | null => (d && d.length >= 66 ? BigInt(d.slice(0, 66)) : null);
const addr = (d: Hex | null): string | null =>
  d && d.length >= 66 ? `0x${d.slice(26, 66)}`.toLowerCase() : null;

/**
 * Reads factory, token0, token1 and (where the pool has them) fee, tickSpacing and stable of
 * pools first seen through a swap, in one multicall. A contract that answers none of these is
 * not a pool (its fields stay null).
 */
export async function readPoolInfo(
  rpc: RpcClient,
  addresses: readonly string[],
  multicall3: string | null,
): Promise<PoolInfo[]> {
  const fns = ["factory", "token0", "token1", "fee", "tickSpacing", "stable"] as const;
  const calls = addresses.flatMap((to) =>
    fns.map((functionName) => ({ to, data: encodeFunctionData({ abi: poolAbi, functionName }) })),
  );
  const res = await ethCallMany(rpc, calls, "latest", multicall3);
  return addresses.map((address, i) => {
    const r = (k: number) => res[i * fns.length + k] ?? null;
    const fee = word(r(3));
    const ts = word(r(4));
    const stable = word(r(5));
    return {
      address,
      factory: addr(r(0)),
      token0: addr(r(1)),
      token1: addr(r(2)),
      fee: fee !== null && fee < 1n << 24n ? Number(fee) : null,
      tickSpacing: ts !== null ? Number(BigInt.asIntN(24, ts)) : null,
      stable: stable !== null && stable <= 1n ? stable === 1n : null,
    };
  });
}
