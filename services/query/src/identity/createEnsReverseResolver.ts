import { decodeFunctionResult, encodeFunctionData, namehash, parseAbi } from "viem";
import type { NodeRpc } from "../portfolio/createNodeRpc.ts";
import type { NameKind, NameResolver } from "./NameResolver.ts";

const ABI = parseAbi([
  "function resolver(bytes32 node) view returns (address)",
  "function name(bytes32 node) view returns (string)",
  "function addr(bytes32 node) view returns (address)",
]);
const ZERO = "0x0000000000000000000000000000000000000000";

/** ENS on Ethereum mainnet: the registry and the reverse namespace of ENSIP-3. */
export const ENS_MAINNET = {
  registry: "0x00000000000C2E074eC69A0dFb2997BA6C7d2e1e",
  reverseSuffix: "addr.reverse",
};
/** Basenames on Base: its ENS-style registry and the ENSIP-19 reverse namespace of coin type 0x80002105. */
export const BASENAMES_BASE = {
  registry: "0xB94704422c2a1E396835A571837Aa5AE53285a95",
  reverseSuffix: "80002105.reverse",
};

/**
 * The primary name of an EVM wallet from an ENS-style registry: the reverse record
 * `<hex address>.<reverseSuffix>`'s name, kept only when the name's forward `addr` record is the
 * same wallet (anyone can set a reverse record naming any name; ENSIP-3's forward check).
 */
export function createEnsReverseResolver(opts: {
  kind: NameKind;
  node: NodeRpc;
  registry: string;
  reverseSuffix: string;
}): NameResolver {
  // A revert (no such function, no record) reads as nothing; a node that does not answer throws.
  async function call(to: string, functionName: "resolver" | "name" | "addr", node: `0x${string}`) {
    const data = encodeFunctionData({ abi: ABI, functionName, args: [node] });
    const [answer] = await opts.node.batch([{ method: "eth_call", params: [{ to, data }, "latest"] }]);
    if (!answer || "error" in answer || typeof answer.result !== "string" || answer.result === "0x")
      return null;
    try {
      return decodeFunctionResult({ abi: ABI, functionName, data: answer.result as `0x${string}` }) as string;
    } catch {
      return null;
    }
  }
  async function resolverOf(node: `0x${string}`) {
    const r = await call(opts.registry, "resolver", node);
    return r && r !== ZERO ? r : null;
  }
  return {
    kind: opts.kind,
    family: "evm",
    async nameOf(address) {
      const reverse = namehash(`${address.slice(2).toLowerCase()}.${opts.reverseSuffix}`);
      const reverseResolver = await resolverOf(reverse);
      if (!reverseResolver) return null;
      const name = await call(reverseResolver, "name", reverse);
      if (!name) return null;
      let forward: `0x${string}`;
      try {
        forward = namehash(name);
      } catch {
        return null;
      }
      const forwardResolver = await resolverOf(forward);
      if (!forwardResolver) return null;
      const addr = await call(forwardResolver, "addr", forward);
      return addr?.toLowerCase() === address.toLowerCase() ? name : null;
    },
  };
}
