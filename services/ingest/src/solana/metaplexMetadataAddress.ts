import { PublicKey } from "@solana/web3.js";
import { METAPLEX_TOKEN_METADATA_PROGRAM } from "./solanaTokenLayouts.ts";

const PROGRAM = new PublicKey(METAPLEX_TOKEN_METADATA_PROGRAM);
const SEED = Buffer.from("metadata");

/** The Metaplex metadata account of a mint: the PDA of ("metadata", program, mint). */
export function metaplexMetadataAddress(mint: string): string {
  return PublicKey.findProgramAddressSync(
    [SEED, PROGRAM.toBuffer(), new PublicKey(mint).toBuffer()],
    PROGRAM,
  )[0].toBase58();
}
