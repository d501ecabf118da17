import type { ChainId } from "@tapeline/core";
import type { MarketDb } from "./MarketDb.ts";

/** What a wallet row or a trade page shows of a token. */
export type TokenLabel = { symbol: string | null; name: string | null; decimals: number | null };

/**
 * Symbol, name and decimals of the given tokens of a chain, by address (tokens the store does not
 * know are absent). A query of its own: token rows are a reference table, wallet and trade rows
 * are distributed by wallet and by market.
 */
export async function readTokenLabels(
  db: MarketDb,
  chain: ChainId,
  addresses: readonly string[],
): Promise<Map<string, TokenLabel>> {
  const out = new Map<string, TokenLabel>();
  if (addresses.length === 0) return out;
  const { rows } = await db.query<{
    address: string;
    symbol: string | null;
    name: string | null;
    decimals: number | null;
  }>("select address, symbol, name, decimals from tokens where chain_id = $1 and address = any($2::text[])", [
    chain,
    [...new Set(addresses)],
  ]);
  for (const r of rows) out.set(r.address, { symbol: r.symbol, name: r.name, decimals: r.decimals });
  return out;
}
