import type { TokenRecord } from "@tapeline/core";
import { metaplexMetadataAddress } from "./metaplexMetadataAddress.ts";
import { parseMetaplexMetadataAccount } from "./parseMetaplexMetadataAccount.ts";
import { parseSplMintAccount } from "./parseSplMintAccount.ts";
import type { SolanaAccountReader } from "./SolanaAccountReader.ts";

/**
 * A token as its accounts state it now: decimals, supply and authorities from the mint
 * account; name, symbol and uri from the Token-2022 TokenMetadata extension when the mint
 * carries it, else from the mint's Metaplex metadata account. Null when the mint account does
 * not exist or is not a mint.
 */
export async function readSolanaTokenAccounts(
  reader: SolanaAccountReader,
  mint: string,
): Promise<TokenRecord | null> {
  const account = await reader.getAccountInfo(mint);
  const m = account ? parseSplMintAccount(account.owner, account.data) : null;
  if (!m) return null;
  let named = m.metadata;
  // Token-2022 metadata held elsewhere follows the pointer's program's own layout: not read here.
  if (!named && m.metadataPointer === null) {
    const md = await reader.getAccountInfo(metaplexMetadataAddress(mint));
    const parsed = md ? parseMetaplexMetadataAccount(md.owner, md.data) : null;
    if (parsed && parsed.mint === mint) named = parsed;
  }
  const metadata: Record<string, unknown> = {
    mintAuthority: m.mintAuthority,
    freezeAuthority: m.freezeAuthority,
    tokenProgram: m.tokenProgram,
  };
  if (named) metadata.uri = named.uri;
  return {
    chain: "solana",
    address: mint,
    name: named?.name ?? null,
    symbol: named?.symbol ?? null,
    decimals: m.decimals,
    totalSupply: m.supply,
    metadata,
  };
}
