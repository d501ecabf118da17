import { BorshReader } from "./BorshReader.ts";
import { METAPLEX_TOKEN_METADATA_PROGRAM } from "./solanaTokenLayouts.ts";
import { trimNul } from "./trimNul.ts";

/** Name, symbol and URI of a Metaplex metadata account, with the mint it describes. */
export type MetaplexMetadataAccount = { mint: string; name: string; symbol: string; uri: string };

// Key::MetadataV1: the first byte of a metadata account
const METADATA_V1 = 4;

/**
 * Reads a Metaplex Token Metadata account (key, update authority, mint, then the NUL-padded
 * name, symbol and uri). Null when the account is not a metadata account of that program.
 */
export function parseMetaplexMetadataAccount(owner: string, d: Uint8Array): MetaplexMetadataAccount | null {
  if (owner !== METAPLEX_TOKEN_METADATA_PROGRAM || d[0] !== METADATA_V1) return null;
  const r = new BorshReader(d, 33);
  try {
    const mint = r.pubkey();
    return { mint, name: trimNul(r.string()), symbol: trimNul(r.string()), uri: trimNul(r.string()) };
  } catch (err) {
    if (err instanceof RangeError) return null;
    throw err;
  }
}
