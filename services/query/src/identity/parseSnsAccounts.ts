import { PublicKey } from "@solana/web3.js";

/** Bytes before a name registry account's data: parent name, owner, class (32 bytes each). */
export const NAME_REGISTRY_HEADER_LEN = 96;

/** A name registry account (SPL Name Service) split into its header and its data. */
export type NameRegistry = { parentName: string; owner: string; nameClass: string; data: Uint8Array };

const key = (data: Uint8Array, at: number) => new PublicKey(data.subarray(at, at + 32)).toBase58();

/**
 * The name account a wallet chose as favourite: the account of the name offers program's
 * `favourite_domain` PDA is `tag u8, name_account [32]`.
 * @returns null when the data is too short to hold it
 */
export function parseFavouriteDomain(data: Uint8Array): string | null {
  return data.length < 33 ? null : key(data, 1);
}

/** The header and data of a name registry account; null when shorter than the header. */
export function parseNameRegistry(data: Uint8Array): NameRegistry | null {
  if (data.length < NAME_REGISTRY_HEADER_LEN) return null;
  return {
    parentName: key(data, 0),
    owner: key(data, 32),
    nameClass: key(data, 64),
    data: data.subarray(NAME_REGISTRY_HEADER_LEN),
  };
}

/**
 * The domain a reverse-lookup registry's data names: `u32 LE length, utf-8 bytes` (without the
 * `.sol` suffix). Null when the length runs past the data or the bytes are not valid UTF-8.
 */
export function parseReverseName(data: Uint8Array): string | null {
  if (data.length < 4) return null;
  const len = new DataView(data.buffer, data.byteOffset, data.byteLength).getUint32(0, true);
  if (len === 0 || 4 + len > data.length) return null;
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(data.subarray(4, 4 + len));
  } catch {
    return null;
  }
}
