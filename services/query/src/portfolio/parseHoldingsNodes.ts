import type { ChainId } from "@tapeline/core";

/** A chain's node for request-time reads: its JSON-RPC URL and, on EVM, its Multicall3. */
export type HoldingsNodeConfig = { url: string; multicall3: string | null };

const CHAIN = /^(evm:[1-9][0-9]{0,17}|solana)$/;
const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/**
 * Parses `HOLDINGS_NODES`: comma-separated `<chain>=<url>` entries, an EVM entry optionally
 * followed by `|<multicall3 address>` (`evm:8453=https://node|0xcA11…CA11,solana=https://node`).
 * URLs must be http(s). Problems are pushed to `problems`; the entries that parse are returned.
 */
export function parseHoldingsNodes(
  value: string | undefined,
  problems: string[],
): ReadonlyMap<ChainId, HoldingsNodeConfig> {
  const out = new Map<ChainId, HoldingsNodeConfig>();
  if (!value) return out;
  for (const part of value
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean)) {
    const eq = part.indexOf("=");
    const chain = part.slice(0, eq);
    const [url = "", multicall3] = part.slice(eq + 1).split("|");
    let ok = eq > 0 && CHAIN.test(chain);
    try {
      ok &&= ["http:", "https:"].includes(new URL(url).protocol);
    } catch {
      ok = false;
    }
    if (multicall3 !== undefined) ok &&= chain.startsWith("evm:") && ADDRESS.test(multicall3);
    if (!ok) {
      problems.push(
        `HOLDINGS_NODES entries must look like evm:8453=https://node|0x…(multicall3) or solana=https://node, got ${JSON.stringify(part)}`,
      );
      continue;
    }
    out.set(chain as ChainId, { url, multicall3: multicall3?.toLowerCase() ?? null });
  }
  return out;
}
