import type { ChainId, TokenRecord } from "@tapeline/core";
import { decodeFunctionResult, encodeFunctionData, type Hex, hexToString, parseAbi } from "viem";
import type { RpcClient } from "../../rpc/createRpcClient.ts";
import { NATIVE_ADDRESS } from "../EvmChainConfig.ts";
import { ethCallMany } from "./ethCallMany.ts";

const erc20 = parseAbi([
  "function name() view returns (string)",
  "function symbol() view returns (string)",
  "function decimals() view returns (uint8)",
  "function totalSupply() view returns (uint256)",
]);

/**
 * A string result that may be an ABI string or a bytes32 (old tokens such as MKR): trailing
 * zero bytes are dropped, invalid UTF-8 or control characters give null.
 */
export function decodeStringOrBytes32(data: Hex | null, fn: "name" | "symbol"): string | null {
  if (data === null) return null;
  let text: string | null = null;
  try {
    text = decodeFunctionResult({ abi: erc20, functionName: fn, data }) as string;
  } catch {
    if (data.length === 66) {
      try {
        text = hexToString(data.replace(/(00)+$/, "") as Hex);
      } catch {
        text = null;
      }
    }
  }
  if (text === null) return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is rejected
  const clean = text.replace(/\u0000+$/, "");
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is rejected
  if (clean.length === 0 || /[\u0000-\u001f\ufffd]/.test(clean)) return null;
  return clean;
}

function decodeUint(data: Hex | null, fn: "decimals" | "totalSupply"): bigint | null {
  if (data === null) return null;
  try {
    return BigInt(decodeFunctionResult({ abi: erc20, functionName: fn, data }) as number | bigint);
  } catch {
    return null;
  }
}

/**
 * Reads name, symbol, decimals and totalSupply of ERC-20s in one multicall. Non-standard
 * tokens never fail the read: bytes32 name/symbol are decoded, a missing or absurd (> 255)
 * decimals gives null, anything unreadable stays null. The zero address is the native coin.
 */
export async function readTokenMetadata(
  rpc: RpcClient,
  chain: ChainId,
  addresses: readonly string[],
  opts: { multicall3: string | null; native: { name: string; symbol: string; decimals: number } },
): Promise<TokenRecord[]> {
  const erc = addresses.filter((a) => a !== NATIVE_ADDRESS);
  const calls = erc.flatMap((to) =>
    (["name", "symbol", "decimals", "totalSupply"] as const).map((functionName) => ({
      to,
      data: encodeFunctionData({ abi: erc20, functionName }),
    })),
  );
  const res = await ethCallMany(rpc, calls, "latest", opts.multicall3);
  const out: TokenRecord[] = erc.map((address, i) => {
    const decimals = decodeUint(res[i * 4 + 2] ?? null, "decimals");
    return {
      chain,
      address,
      name: decodeStringOrBytes32(res[i * 4] ?? null, "name"),
      symbol: decodeStringOrBytes32(res[i * 4 + 1] ?? null, "symbol"),
      decimals: decimals !== null && decimals <= 255n ? Number(decimals) : null,
      totalSupply: decodeUint(res[i * 4 + 3] ?? null, "totalSupply"),
    };
  });
  if (addresses.includes(NATIVE_ADDRESS)) {
    out.push({ chain, address: NATIVE_ADDRESS, ...opts.native, totalSupply: null });
  }
  return out;
}
