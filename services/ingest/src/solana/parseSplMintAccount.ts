import { BorshReader } from "./BorshReader.ts";
import { bytesToBase58 } from "./bytesToBase58.ts";
import { TOKEN_2022_PROGRAM, TOKEN_PROGRAM } from "./solanaPrograms.ts";
import { EXTENSION_METADATA_POINTER, EXTENSION_TOKEN_METADATA } from "./solanaTokenLayouts.ts";
import { trimNul } from "./trimNul.ts";

/** What a mint account holds: the SPL mint layout and, on Token-2022, its metadata extensions. */
export type SplMintAccount = {
  decimals: number;
  supply: bigint;
  mintAuthority: string | null;
  freezeAuthority: string | null;
  tokenProgram: string;
  /** Token-2022 MetadataPointer extension: where the metadata lives (null when unset or absent) */
  metadataPointer: string | null;
  /** Token-2022 TokenMetadata extension stored in the mint itself */
  metadata: { name: string; symbol: string; uri: string } | null;
};

const MINT_LEN = 82;
// Token-2022 pads a mint with extensions to the 165-byte account size, then the account type byte.
const ACCOUNT_TYPE_AT = 165;
const ACCOUNT_TYPE_MINT = 1;
const NONE = "11111111111111111111111111111111";

/** COption<Pubkey> as stored in accounts: a u32 tag, then 32 bytes. */
function storedOption(d: Uint8Array, at: number): string | null {
  const tag = new DataView(d.buffer, d.byteOffset + at, 4).getUint32(0, true);
  return tag === 1 ? bytesToBase58(d.subarray(at + 4, at + 36)) : null;
}

/**
 * Reads a mint account owned by the SPL Token or Token-2022 program: decimals, supply, mint and
 * freeze authorities; on Token-2022 also the MetadataPointer and TokenMetadata extensions. Null
 * when the account is not an initialized mint of either program.
 */
export function parseSplMintAccount(owner: string, d: Uint8Array): SplMintAccount | null {
  if (owner !== TOKEN_PROGRAM && owner !== TOKEN_2022_PROGRAM) return null;
  // a token account is 165 bytes; a mint is 82, or longer only on Token-2022 with the mint account type
  if (d.length < MINT_LEN || d[45] !== 1) return null;
  const extended = d.length > MINT_LEN;
  if (extended && (owner !== TOKEN_2022_PROGRAM || d[ACCOUNT_TYPE_AT] !== ACCOUNT_TYPE_MINT)) return null;
  const out: SplMintAccount = {
    mintAuthority: storedOption(d, 0),
    supply: new DataView(d.buffer, d.byteOffset + 36, 8).getBigUint64(0, true),
    decimals: d[44] as number,
    freezeAuthority: storedOption(d, 46),
    tokenProgram: owner,
    metadataPointer: null,
    metadata: null,
  };
  if (!extended) return out;
  const view = new DataView(d.buffer, d.byteOffset, d.byteLength);
  let at = ACCOUNT_TYPE_AT + 1;
  while (at + 4 <= d.length) {
    const type = view.getUint16(at, true);
    const len = view.getUint16(at + 2, true);
    const value = d.subarray(at + 4, at + 4 + len);
    if (type === 0 || value.length < len) break;
    if (type === EXTENSION_METADATA_POINTER && len >= 64) {
      const address = bytesToBase58(value.subarray(32, 64));
      out.metadataPointer = address === NONE ? null : address;
    } else if (type === EXTENSION_TOKEN_METADATA) {
      // update authority (32), mint (32), name, symbol, uri, additional fields
      const r = new BorshReader(value, 64);
      try {
        out.metadata = { name: trimNul(r.string()), symbol: trimNul(r.string()), uri: trimNul(r.string()) };
      } catch (err) {
        if (!(err instanceof RangeError)) throw err;
      }
    }
    at += 4 + len;
  }
  return out;
}
