import { encodeAbiParameters, encodeFunctionData, type Hex, keccak256, parseAbi } from "viem";
import type { RpcClient } from "../../rpc/createRpcClient.ts";
import { NATIVE_ADDRESS } from "../EvmChainConfig.ts";
import { ethCallMany } from "./ethCallMany.ts";

const abi = parseAbi([
  "function getReserves() view returns (uint112, uint112, uint32)",
  "function slot0() view returns (uint160, int24, uint16, uint16, uint16, uint8, bool)",
  "function liquidity() view returns (uint128)",
  "function balanceOf(address) view returns (uint256)",
  "function extsload(bytes32) view returns (bytes32)",
]);

/** A pool whose live state is read from the chain. */
export type PoolStateTarget =
  | { kind: "v2"; address: string }
  | { kind: "v3"; address: string; token0: string; token1: string }
  | { kind: "v4"; manager: string; id: string };

/** State read at one block; fields a venue does not have stay null. */
export type ReadPoolState = {
  reserve0: bigint | null;
  reserve1: bigint | null;
  sqrtPriceX96: bigint | null;
  tick: number | null;
  liquidity: bigint | null;
};

// v4-core StateLibrary: pools mapping at slot 6; slot0 packs sqrtPriceX96 (160 bits) and tick
// (24 bits); liquidity sits 3 slots after the pool's state slot.
const V4_POOLS_SLOT = 6n;
const V4_LIQUIDITY_OFFSET = 3n;

function v4StateSlot(id: string): bigint {
  return BigInt(
    keccak256(encodeAbiParameters([{ type: "bytes32" }, { type: "uint256" }], [id as Hex, V4_POOLS_SLOT])),
  );
}

const word = (d: Hex | null, i = 0): bigint | null =>
  d && d.length >= 66 + i * 64 ? BigInt(`0x${d.slice(2 + i * 64, 66 + i * 64)}`) : null;

/**
 * Reads pool state at `block` in one multicall: V2 reserves; V3 sqrtPriceX96, tick, active
 * liquidity and token balances (its real reserves); V4 sqrtPriceX96, tick and liquidity from the
 * PoolManager's storage (`extsload`; V4 pools share the manager's balances, so no reserves).
 * The native coin's balance (V4 only) is never read.
 */
export async function readPoolState(
  rpc: RpcClient,
  targets: readonly PoolStateTarget[],
  block: bigint | "latest",
  multicall3: string | null,
): Promise<ReadPoolState[]> {
  const calls: { to: string; data: Hex }[] = [];
  const slots: number[] = [];
  for (const t of targets) {
    slots.push(calls.length);
    if (t.kind === "v2")
      calls.push({ to: t.address, data: encodeFunctionData({ abi, functionName: "getReserves" }) });
    else if (t.kind === "v3") {
      calls.push({ to: t.address, data: encodeFunctionData({ abi, functionName: "slot0" }) });
      calls.push({ to: t.address, data: encodeFunctionData({ abi, functionName: "liquidity" }) });
      for (const token of [t.token0, t.token1]) {
        calls.push(
          token === NATIVE_ADDRESS
            ? { to: t.address, data: "0x" }
            : {
                to: token,
                data: encodeFunctionData({ abi, functionName: "balanceOf", args: [t.address as Hex] }),
              },
        );
      }
    } else {
      const slot = v4StateSlot(t.id);
      for (const s of [slot, slot + V4_LIQUIDITY_OFFSET]) {
        calls.push({
          to: t.manager,
          data: encodeFunctionData({
            abi,
            functionName: "extsload",
            args: [`0x${s.toString(16).padStart(64, "0")}`],
          }),
        });
      }
    }
  }
  const res = await ethCallMany(rpc, calls, block, multicall3);
  return targets.map((t, i) => {
    const at = slots[i]!;
    if (t.kind === "v2") {
      const d = res[at] ?? null;
      return { reserve0: word(d, 0), reserve1: word(d, 1), sqrtPriceX96: null, tick: null, liquidity: null };
    }
    if (t.kind === "v3") {
      const s0 = res[at] ?? null;
      const tick = word(s0, 1);
      return {
        sqrtPriceX96: word(s0, 0),
        tick: tick === null ? null : Number(BigInt.asIntN(24, tick)),
        liquidity: word(res[at + 1] ?? null),
        reserve0: word(res[at + 2] ?? null),
        reserve1: word(res[at + 3] ?? null),
      };
    }
    const s0 = word(res[at] ?? null);
    const liq = word(res[at + 1] ?? null);
    return {
      reserve0: null,
      reserve1: null,
      sqrtPriceX96: s0 === null ? null : s0 & ((1n << 160n) - 1n),
      tick: s0 === null ? null : Number(BigInt.asIntN(24, s0 >> 160n)),
      liquidity: liq === null ? null : liq & ((1n << 128n) - 1n),
    };
  });
}
