import type { ChainId } from "@tapeline/core";
import type { MarketDb } from "./MarketDb.ts";
import { readTokenLabels, type TokenLabel } from "./readTokenLabels.ts";

/** Labels of a chain's tokens by address (tokens the store does not know are absent). */
export type TokenLabelReader = ((
  chain: ChainId,
  addresses: readonly string[],
) => Promise<Map<string, TokenLabel>>) & {
  /** The remembered label of a token, without reading: undefined when none is held now. */
  known(chain: ChainId, address: string): TokenLabel | undefined;
};

/**
 * {@link readTokenLabels} behind a bounded memory of known tokens: wallet pages and trade pages
 * repeat the same few tokens, and a label read was a query of its own per page (per wallet in a
 * batch). Known labels are kept `ttlMs`, so a name or symbol filled in later shows within it;
 * unknown tokens are not remembered, so a token stored later shows at once. Past `max` entries
 * the oldest go.
 */
export function createTokenLabelReader(
  db: MarketDb,
  opts: { ttlMs: number; max: number; now?: () => number },
): TokenLabelReader {
  const now = opts.now ?? Date.now;
  const known = new Map<string, { label: TokenLabel; until: number }>();
  const read = async (chain: ChainId, addresses: readonly string[]) => {
    const out = new Map<string, TokenLabel>();
    const missing: string[] = [];
    const t = now();
    for (const a of new Set(addresses)) {
      const hit = known.get(`${chain}/${a}`);
      if (hit && hit.until > t) out.set(a, hit.label);
      else missing.push(a);
    }
    if (missing.length === 0) return out;
    const found = await readTokenLabels(db, chain, missing);
    for (const [a, label] of found) {
      out.set(a, label);
      const key = `${chain}/${a}`;
      known.delete(key);
      known.set(key, { label, until: t + opts.ttlMs });
    }
    for (const key of known.keys()) {
      if (known.size <= opts.max) break;
      known.delete(key);
    }
    return out;
  };
  return Object.assign(read, {
    known(chain: ChainId, address: string) {
      const hit = known.get(`${chain}/${address}`);
      return hit && hit.until > now() ? hit.label : undefined;
    },
  });
}
