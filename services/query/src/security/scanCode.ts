import { toFunctionSelector } from "viem";

/** Functions that let someone mint, pause transfers or block holders, by signature. */
const SIGNATURES = {
  mint: ["mint(address,uint256)", "mint(uint256)", "mintTo(address,uint256)", "mint(address,uint256,bytes)"],
  pause: ["pause()", "setPaused(bool)", "pauseTrading()"],
  blacklist: [
    "blacklist(address)",
    "addToBlacklist(address)",
    "setBlacklist(address,bool)",
    "blacklistAddress(address,bool)",
    "setBots(address[],bool)",
    "addBot(address)",
  ],
} as const;

const SELECTORS = Object.fromEntries(
  Object.entries(SIGNATURES).map(([k, sigs]) => [k, sigs.map((s) => toFunctionSelector(s).slice(2))]),
) as Record<keyof typeof SIGNATURES, string[]>;

const PUSH1 = 0x60;
const PUSH4 = 0x63;
const PUSH32 = 0x7f;

/**
 * The 4-byte constants the code pushes with PUSH4 (a Solidity dispatcher compares the call's
 * selector against each of its functions' this way), walking opcodes so that bytes inside other
 * pushes' data are never read as code.
 */
export function pushedSelectors(code: Uint8Array): Set<string> {
  const out = new Set<string>();
  for (let i = 0; i < code.length; i++) {
    const op = code[i] as number;
    if (op < PUSH1 || op > PUSH32) continue;
    const n = op - PUSH1 + 1;
    if (op === PUSH4 && i + 4 < code.length)
      out.add(Buffer.from(code.subarray(i + 1, i + 5)).toString("hex"));
    i += n;
  }
  return out;
}

/** Which of the mint, pause and blacklist functions the code dispatches to. */
export function riskyFunctions(code: Uint8Array): { mint: boolean; pause: boolean; blacklist: boolean } {
  const s = pushedSelectors(code);
  const any = (k: keyof typeof SIGNATURES) => SELECTORS[k].some((sel) => s.has(sel));
  return { mint: any("mint"), pause: any("pause"), blacklist: any("blacklist") };
}

// EIP-1167: 363d3d373d3d3d363d73 <20-byte target> 5af43d82803e903d91602b57fd5bf3
const MINIMAL_PROXY_HEAD = "363d3d373d3d3d363d73";
const MINIMAL_PROXY_TAIL = "5af43d82803e903d91602b57fd5bf3";

/** The target of an EIP-1167 minimal proxy, or null when the code is not one. */
export function minimalProxyTarget(code: Uint8Array): string | null {
  const hex = Buffer.from(code).toString("hex");
  if (hex.length !== 90 || !hex.startsWith(MINIMAL_PROXY_HEAD) || !hex.endsWith(MINIMAL_PROXY_TAIL))
    return null;
  return `0x${hex.slice(20, 60)}`;
}

/** Bytes of a `0x…` hex string from a node. */
export function hexBytes(hex: string): Uint8Array {
  return Uint8Array.from(Buffer.from(hex.startsWith("0x") ? hex.slice(2) : hex, "hex"));
}
