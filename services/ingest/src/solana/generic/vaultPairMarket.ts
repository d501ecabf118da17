import { createHash } from "node:crypto";
import { base58ToBytes } from "../base58ToBytes.ts";
import { bytesToBase58 } from "../bytesToBase58.ts";

const markets = new Map<string, string>();
/**
 * The market of a generic pair that no account of the swap names: a derived id, sha256 of the
 * program id, the base-side vault and the quote-side vault (32 bytes each), in base58 like an
 * address. Both vaults are in it because a multi-asset pool serves several pairs from one vault
 * (one USDC vault against USDT, USD1 and JupUSD): either vault alone would merge those pairs.
 */
export function vaultPairMarket(programId: string, baseVault: string, quoteVault: string): string {
  const key = `${programId}/${baseVault}/${quoteVault}`;
  let id = markets.get(key);
  if (id === undefined) {
    const h = createHash("sha256");
    for (const a of [programId, baseVault, quoteVault]) h.update(base58ToBytes(a));
    id = bytesToBase58(h.digest());
    if (markets.size < 10_000) markets.set(key, id);
  }
  return id;
}
