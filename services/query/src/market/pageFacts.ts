import type { ChainId } from "@tapeline/core";
import type { TokenLabelReader } from "./createTokenLabelReader.ts";
import { createTtlCache } from "./createTtlCache.ts";
import type { MarketDb } from "./MarketDb.ts";
import type { TokenLabel } from "./readTokenLabels.ts";

/** What a trade page shows of its token and quotes: their labels, and the chain's native coin's. */
export type PageFacts = { tokens: Map<string, TokenLabel>; native: TokenLabel | null };

/** The facts of a page's tokens (addresses the store does not know are absent). */
export type PageFactsReader = (chain: ChainId, addresses: readonly string[]) => Promise<PageFacts>;

type Row = { address: string | null; name: string | null; symbol: string | null; decimals: number | null };

/**
 * Reads the facts from the store on every call, in one statement over reference tables (on Citus
 * one task on any node holding them).
 */
export function storedPageFacts(db: MarketDb): PageFactsReader {
  return async (chain, addresses) => {
    // the chain's row is the one without an address
    const { rows } = await db.query<Row>(
      `select address, name, symbol, decimals from tokens where chain_id = $1 and address = any($2::text[])
       union all
       select null, null, native_symbol, native_decimals from chains where chain_id = $1`,
      [chain, [...new Set(addresses)]],
    );
    const tokens = new Map<string, TokenLabel>();
    let native: TokenLabel | null = null;
    for (const r of rows) {
      const label = { name: r.name, symbol: r.symbol, decimals: r.decimals };
      if (r.address === null) native = label;
      else tokens.set(r.address, label);
    }
    return { tokens, native };
  };
}

/**
 * The facts from memory where it holds them: token labels through `labels` (a known token's kept
 * for the reader's lifetime, an unknown one read again each time, so a token stored later shows at
 * once), the chain's native symbol and decimals kept `nativeTtlMs`. A page then costs the store
 * its rows' statement alone, where each further statement was another trip through the Citus
 * coordinator.
 */
export function createPageFactsReader(
  db: MarketDb,
  labels: TokenLabelReader,
  opts: { nativeTtlMs: number; now?: () => number },
): PageFactsReader {
  const natives = createTtlCache<TokenLabel | null>({ ttlMs: opts.nativeTtlMs, max: 256, now: opts.now });
  const readNative = async (chain: ChainId): Promise<TokenLabel | null> => {
    const { rows } = await db.query<{ native_symbol: string; native_decimals: number }>(
      "select native_symbol, native_decimals from chains where chain_id = $1",
      [chain],
    );
    const r = rows[0];
    return r ? { name: null, symbol: r.native_symbol, decimals: r.native_decimals } : null;
  };
  return async (chain, addresses) => {
    const [tokens, native] = await Promise.all([
      labels(chain, addresses),
      natives.get(chain, () => readNative(chain)),
    ]);
    return { tokens, native };
  };
}
