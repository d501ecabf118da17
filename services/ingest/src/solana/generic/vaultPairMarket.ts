import { createHash } from "node:crypto";
import { base58ToBytes } from "../base58ToBytes.ts";
import { bytesToBase58 } from "../bytesToBase58.ts";

// Ids kept by program, then base vault, then quote vault: the addresses' own hashes find them,
// where a joined key was a new string to build and hash on every swap.
const markets = new Map<string, Map<string, Map<string, string>>>();
let kept = 0;
/**
 * The market of a generic pair that no account of the swap names: a derived id, sha256 of the
 * program id, the base-side vault and the quote-side vault (32 bytes each), in base58 like an
 * address. Both vaults are in it because a multi-asset pool serves several pairs from one vault
 * (one USDC vault against USDT, USD1 and JupUSD): either vault alone would merge those pairs.
 */
export function vaultPairMarket(programId: string, baseVault: string, quoteVault: string): string {
  let byBase = markets.get(programId);
  let byQuote = byBase?.get(baseVault);
  let id = byQuote?.get(quoteVault);
  if (id === undefined) {
    const h = createHash("sha256");
    for (const a of [programId, baseVault, quoteVault]) h.update(base58ToBytes(a));
    id = bytesToBase58(h.digest());
    if (kept < 10_000) {
      if (!byBase) {
        byBase = new Map();
        markets.set(programId, byBase);
      }
      if (!byQuote) {
        byQuote = new Map();
        byBase.set(baseVault, byQuote);
      }
      byQuote.set(quoteVault, id);
      kept++;
    }
  }
  return id;
}
