import { PublicKey } from "@solana/web3.js";
import { type ChainId, isEvm } from "@tapeline/core";
import { type NodeRpc, NodeUnavailableError } from "../portfolio/createNodeRpc.ts";

/**
 * A Solana owner no private key can sign for: an address off the ed25519 curve, which only a
 * program-derived address (PDA) is. A malformed address is not judged off-curve.
 */
export function isOffCurve(address: string): boolean {
  let bytes: Uint8Array;
  try {
    bytes = new PublicKey(address).toBytes();
  } catch {
    return false;
  }
  return !PublicKey.isOnCurve(bytes);
}

/** EIP-7702 delegation designator: the code of a key-held account that delegates to a contract. */
const DELEGATION_PREFIX = "0xef0100";

/** Whether `eth_getCode`'s answer is a contract's code (not empty, not a key-held EIP-7702 account's delegation). */
export function isContractCode(code: string): boolean {
  const c = code.toLowerCase();
  return c !== "0x" && c !== "" && !c.startsWith(DELEGATION_PREFIX);
}

/** The program-owned holders of a page, and whether every holder could be judged. */
export type ProgramOwned = { owned: ReadonlySet<string>; complete: boolean };

export type ProgramOwnedCheck = (chain: ChainId, holders: readonly string[]) => Promise<ProgramOwned>;

/**
 * Judges holders program-owned: on Solana an off-curve owner (pure); on EVM an address with
 * contract code, read with one `eth_getCode` batch per page from the chain's node and kept in
 * memory (`ttlMs`, at most `max` addresses), because code rarely changes and the page must not
 * wait on the node for holders it has seen. Without a node, or while it does not answer, the
 * unjudged holders are left untagged and the answer is marked incomplete.
 */
export function createProgramOwnedCheck(opts: {
  nodeOf(chain: ChainId): NodeRpc | null;
  /** @defaultValue 1 hour */
  ttlMs?: number;
  /** @defaultValue 200,000 */
  max?: number;
  now?: () => number;
}): ProgramOwnedCheck {
  const ttlMs = opts.ttlMs ?? 3_600_000;
  const max = opts.max ?? 200_000;
  const now = opts.now ?? Date.now;
  // insertion order is age order: the oldest entries are dropped first
  const known = new Map<string, { contract: boolean; expires: number }>();

  function remember(key: string, contract: boolean): void {
    known.delete(key);
    known.set(key, { contract, expires: now() + ttlMs });
    while (known.size > max) known.delete(known.keys().next().value as string);
  }

  return async (chain, holders) => {
    if (!isEvm(chain)) return { owned: new Set(holders.filter(isOffCurve)), complete: true };
    const owned = new Set<string>();
    const unknown: string[] = [];
    for (const h of holders) {
      const k = known.get(`${chain}/${h}`);
      if (k && k.expires > now()) {
        if (k.contract) owned.add(h);
      } else unknown.push(h);
    }
    if (unknown.length === 0) return { owned, complete: true };
    const rpc = opts.nodeOf(chain);
    if (!rpc) return { owned, complete: false };
    let answers: Awaited<ReturnType<NodeRpc["batch"]>>;
    try {
      answers = await rpc.batch(unknown.map((h) => ({ method: "eth_getCode", params: [h, "latest"] })));
    } catch (err) {
      if (err instanceof NodeUnavailableError) return { owned, complete: false };
      throw err;
    }
    let complete = true;
    answers.forEach((a, i) => {
      const h = unknown[i]!;
      if ("error" in a || typeof a.result !== "string") {
        complete = false;
        return;
      }
      const contract = isContractCode(a.result);
      remember(`${chain}/${h}`, contract);
      if (contract) owned.add(h);
    });
    return { owned, complete };
  };
}
