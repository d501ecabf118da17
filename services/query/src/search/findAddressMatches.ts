import { type ChainId, marketKey, parsePoolAddress, parseTokenAddress } from "@tapeline/core";
import type { MarketDb } from "../market/MarketDb.ts";

/** A token found by an exact address: its own, or that of one of its markets (`pool`). */
export type AddressMatch = {
  chain: ChainId;
  address: string;
  match: "address" | "poolAddress";
  pool: string | null;
};

/** The keyword read as an address of `chain` by `parse`, or null when it is not one. */
function asAddress(parse: (c: ChainId, v: string) => string, chain: ChainId, q: string): string | null {
  try {
    return parse(chain, q);
  } catch {
    return null;
  }
}

/**
 * Tokens whose address is the keyword, then tokens traded by a market whose address (or pool id)
 * is the keyword, on the given chains: the keyword is judged against each chain's address form
 * (EVM case-insensitive, Solana exact), so it is only looked up where it can be an address.
 * Token and market reads are by primary key.
 */
export async function findAddressMatches(
  db: MarketDb,
  q: string,
  chains: readonly ChainId[],
): Promise<AddressMatch[]> {
  const tokenKeys = chains.flatMap((chain) => {
    const a = asAddress((c, v) => parseTokenAddress(c, v), chain, q);
    return a === null ? [] : [{ chain, address: a }];
  });
  const poolKeys = chains.flatMap((chain) => {
    const a = asAddress((c, v) => parsePoolAddress(c, v), chain, q);
    return a === null ? [] : [marketKey(chain, a)];
  });
  const out: AddressMatch[] = [];
  if (tokenKeys.length > 0) {
    const { rows } = await db.query<{ chain_id: ChainId; address: string }>(
      `select t.chain_id, t.address from tokens t
       join unnest($1::text[], $2::text[]) with ordinality as k(chain_id, address, i)
         on t.chain_id = k.chain_id and t.address = k.address
       order by k.i`,
      [tokenKeys.map((k) => k.chain), tokenKeys.map((k) => k.address)],
    );
    for (const r of rows) out.push({ chain: r.chain_id, address: r.address, match: "address", pool: null });
  }
  if (poolKeys.length > 0) {
    const { rows } = await db.query<{ chain_id: ChainId; address: string; token_address: string }>(
      "select chain_id, address, token_address from pools where market = any($1::text[]) order by market",
      [poolKeys],
    );
    for (const r of rows) {
      out.push({ chain: r.chain_id, address: r.token_address, match: "poolAddress", pool: r.address });
    }
  }
  return out;
}
