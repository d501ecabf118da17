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
 * the oldest go, the read chain's first.
 */
export function createTokenLabelReader(
  db: MarketDb,
  opts: { ttlMs: number; max: number; now?: () => number },
): TokenLabelReader {
  const now = opts.now ?? Date.now;
  // by chain, then address: a page asks for each of its tokens, and a key joined from the two
  // was built and hashed anew for every ask (3% of a wallet page's CPU)
  const known = new Map<ChainId, Map<string, { label: TokenLabel; until: number }>>();
  let size = 0;
  const chainOf = (chain: ChainId) => {
    let m = known.get(chain);
    if (m === undefined) {
      m = new Map();
      known.set(chain, m);
    }
    return m;
  };
  const read = async (chain: ChainId, addresses: readonly string[]) => {
    const out = new Map<string, TokenLabel>();
    const missing: string[] = [];
    const t = now();
    const held = chainOf(chain);
    for (const a of new Set(addresses)) {
      const hit = held.get(a);
      if (hit && hit.until > t) out.set(a, hit.label);
      else missing.push(a);
    }
    if (missing.length === 0) return out;
    const found = await readTokenLabels(db, chain, missing);
    for (const [a, label] of found) {
      out.set(a, label);
      if (held.delete(a)) size--;
      held.set(a, { label, until: t + opts.ttlMs });
      size++;
    }
    // the oldest go first: each chain's map keeps its entries in the order they were set
    for (const m of [held, ...known.values()])
      for (const a of m.keys()) {
        if (size <= opts.max) break;
        m.delete(a);
        size--;
      }
    return out;
  };
  return Object.assign(read, {
    known(chain: ChainId, address: string) {
      const hit = known.get(chain)?.get(address);
      return hit && hit.until > now() ? hit.label : undefined;
    },
  });
}
