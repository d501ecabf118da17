import { BorshReader } from "./BorshReader.ts";
import { instructionData } from "./instructionData.ts";
import type { SolanaInstruction } from "./SolanaTransaction.ts";
import { METAPLEX_TOKEN_METADATA_PROGRAM } from "./solanaTokenLayouts.ts";
import { trimNul } from "./trimNul.ts";

/** Name, symbol and URI a metadata-creating instruction gives a mint. */
export type TokenMetadataArgs = { mint: string; name: string; symbol: string; uri: string };

// CreateMetadataAccount (0), V2 (16), V3 (33): the data starts with name, symbol, uri; the mint is account 1.
const CREATE_METADATA_ACCOUNT = new Set([0, 16, 33]);
// Create (42): CreateArgs::V1 (0) starts with AssetData { name, symbol, uri, .. }; the mint is account 2.
const CREATE = 42;

/**
 * Reads a Metaplex Token Metadata instruction that creates a mint's metadata account
 * (`CreateMetadataAccount`, `V2`, `V3`, or `Create` with `CreateArgs::V1`). Null for any other
 * instruction, or when the data is too short for its layout.
 */
export function readMetaplexCreateArgs(ix: SolanaInstruction): TokenMetadataArgs | null {
  if (ix.programId !== METAPLEX_TOKEN_METADATA_PROGRAM) return null;
  const d = instructionData(ix);
  let mint: string | undefined;
  let r: BorshReader;
  if (CREATE_METADATA_ACCOUNT.has(d[0] as number)) {
    mint = ix.accounts[1];
    r = new BorshReader(d, 1);
  } else if (d[0] === CREATE && d[1] === 0) {
    mint = ix.accounts[2];
    r = new BorshReader(d, 2);
  } else {
    return null;
  }
  if (!mint) return null;
  try {
    return { mint, name: trimNul(r.string()), symbol: trimNul(r.string()), uri: trimNul(r.string()) };
  } catch (err) {
    if (err instanceof RangeError) return null;
    throw err;
  }
}
