/** The SPL Token program and Token-2022, the two owners a Solana mint account can have. */
export const SPL_TOKEN_PROGRAM = "TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA";
export const TOKEN_2022_PROGRAM = "TokenzQdBNbLqP5VEhdkAS6EHFLwvbg7VH9HdChnNTvo";

/** A Token-2022 transfer fee: basis points and cap (raw token units) from an epoch on. */
export type TransferFee = { epoch: number; maximumFee: string; basisPoints: number };

/** The Token-2022 extensions of a mint that change what a buyer can do with the token. */
export type MintExtensions = {
  /** the fee in force from `newer.epoch` on, and the one before it */
  transferFee: { older: TransferFee; newer: TransferFee; authority: string | null } | null;
  /** a delegate that can move or burn any holder's tokens */
  permanentDelegate: string | null;
  /** the program every transfer calls (null: no hook, or a hook with no program set) */
  transferHookProgram: string | null;
  /** new token accounts start frozen (DefaultAccountState = Frozen) */
  defaultAccountFrozen: boolean;
  nonTransferable: boolean;
  /** an authority that can close the mint */
  mintCloseAuthority: string | null;
  /** Pausable: null without the extension, else whether transfers are paused now */
  paused: boolean | null;
  /** where the token's metadata lives (MetadataPointer) and the embedded TokenMetadata's URI */
  metadataAddress: string | null;
  metadataUri: string | null;
  /** extension type numbers present, for what is not decoded above */
  types: number[];
};

/** A decoded mint account. Authorities are base58 keys, null when none is set. */
export type MintAccount = {
  program: "spl-token" | "token-2022";
  mintAuthority: string | null;
  freezeAuthority: string | null;
  supply: string;
  decimals: number;
  /** null on an SPL Token mint (it has none) */
  extensions: MintExtensions | null;
};

/** The account data is not a mint of either token program. */
export class MintLayoutError extends Error {
  override name = "MintLayoutError";
}

const MINT_SIZE = 82;
/** Token-2022 pads a mint to the size of a token account, then writes the account type. */
const ACCOUNT_TYPE_OFFSET = 165;
const ACCOUNT_TYPE_MINT = 1;

/** Token-2022 extension type numbers (spl-token-2022 `ExtensionType`). */
const EXT = {
  transferFeeConfig: 1,
  mintCloseAuthority: 3,
  defaultAccountState: 6,
  nonTransferable: 9,
  permanentDelegate: 12,
  transferHook: 14,
  metadataPointer: 18,
  tokenMetadata: 19,
  pausable: 26,
} as const;

const ALPHABET = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";

function base58(bytes: Uint8Array): string {
  let n = 0n;
  for (const b of bytes) n = (n << 8n) | BigInt(b);
  let out = "";
  while (n > 0n) {
    out = ALPHABET[Number(n % 58n)] + out;
    n /= 58n;
  }
  for (const b of bytes) {
    if (b !== 0) break;
    out = `1${out}`;
  }
  return out;
}

/** Reads little-endian fields with bounds checks (a short account is a layout error, not garbage). */
class Cursor {
  constructor(
    private readonly d: Uint8Array,
    public at = 0,
  ) {}
  private need(n: number): number {
    const at = this.at;
    if (at + n > this.d.length)
      throw new MintLayoutError(`account data ends at ${this.d.length}, needs ${at + n}`);
    this.at += n;
    return at;
  }
  u8(): number {
    return this.d[this.need(1)] as number;
  }
  u16(): number {
    const at = this.need(2);
    return (this.d[at] as number) | ((this.d[at + 1] as number) << 8);
  }
  u32(): number {
    const at = this.need(4);
    return new DataView(this.d.buffer, this.d.byteOffset + at, 4).getUint32(0, true);
  }
  u64(): bigint {
    const at = this.need(8);
    return new DataView(this.d.buffer, this.d.byteOffset + at, 8).getBigUint64(0, true);
  }
  key(): string {
    const at = this.need(32);
    return base58(this.d.subarray(at, at + 32));
  }
  /** An OptionalNonZeroPubkey: all zeros means none. */
  optKey(): string | null {
    const at = this.need(32);
    const k = this.d.subarray(at, at + 32);
    return k.every((b) => b === 0) ? null : base58(k);
  }
  /** A COption<Pubkey>: u32 tag, then the key (present even when the tag is 0). */
  cOptionKey(): string | null {
    const tag = this.u32();
    const k = this.key();
    if (tag > 1) throw new MintLayoutError(`COption tag ${tag}`);
    return tag === 1 ? k : null;
  }
  str(): string {
    const len = this.u32();
    const at = this.need(len);
    return new TextDecoder().decode(this.d.subarray(at, at + len));
  }
}

function transferFee(c: Cursor): TransferFee {
  const epoch = c.u64();
  const maximumFee = c.u64();
  const basisPoints = c.u16();
  return { epoch: Number(epoch), maximumFee: maximumFee.toString(), basisPoints };
}

function parseExtensions(data: Uint8Array): MintExtensions {
  const ext: MintExtensions = {
    transferFee: null,
    permanentDelegate: null,
    transferHookProgram: null,
    defaultAccountFrozen: false,
    nonTransferable: false,
    mintCloseAuthority: null,
    paused: null,
    metadataAddress: null,
    metadataUri: null,
    types: [],
  };
  if (data.length <= MINT_SIZE) return ext;
  if (data.length <= ACCOUNT_TYPE_OFFSET)
    throw new MintLayoutError(`Token-2022 mint of ${data.length} bytes`);
  if (data[ACCOUNT_TYPE_OFFSET] !== ACCOUNT_TYPE_MINT)
    throw new MintLayoutError(`account type ${data[ACCOUNT_TYPE_OFFSET]} is not a mint`);
  const c = new Cursor(data, ACCOUNT_TYPE_OFFSET + 1);
  // TLV entries: u16 type, u16 length, value; type 0 (Uninitialized) ends the used space
  while (c.at + 4 <= data.length) {
    const type = c.u16();
    const length = c.u16();
    if (type === 0) break;
    const start = c.at;
    if (start + length > data.length) throw new MintLayoutError(`extension ${type} overruns the account`);
    const v = new Cursor(data.subarray(0, start + length), start);
    ext.types.push(type);
    switch (type) {
      case EXT.transferFeeConfig: {
        const authority = v.optKey();
        v.optKey(); // withdraw-withheld authority
        v.u64(); // withheld amount
        const older = transferFee(v);
        const newer = transferFee(v);
        ext.transferFee = { older, newer, authority };
        break;
      }
      case EXT.mintCloseAuthority:
        ext.mintCloseAuthority = v.optKey();
        break;
      case EXT.defaultAccountState:
        // AccountState: 0 uninitialized, 1 initialized, 2 frozen
        ext.defaultAccountFrozen = v.u8() === 2;
        break;
      case EXT.nonTransferable:
        ext.nonTransferable = true;
        break;
      case EXT.permanentDelegate:
        ext.permanentDelegate = v.optKey();
        break;
      case EXT.transferHook:
        v.optKey(); // authority
        ext.transferHookProgram = v.optKey();
        break;
      case EXT.metadataPointer:
        v.optKey(); // authority
        ext.metadataAddress = v.optKey();
        break;
      case EXT.tokenMetadata:
        v.optKey(); // update authority
        v.key(); // mint
        v.str(); // name
        v.str(); // symbol
        ext.metadataUri = v.str();
        break;
      case EXT.pausable:
        v.optKey(); // authority
        ext.paused = v.u8() === 1;
        break;
    }
    c.at = start + length;
  }
  return ext;
}

/**
 * Decodes a mint account of the SPL Token program or Token-2022 (`owner` is the account's
 * owning program): authorities, supply, decimals and, on Token-2022, the extensions a buyer
 * cares about, read from the TLV area after the account-type byte.
 * @throws MintLayoutError when the owner is neither token program or the data is not a mint
 */
export function parseMintAccount(owner: string, data: Uint8Array): MintAccount {
  const is2022 = owner === TOKEN_2022_PROGRAM;
  if (!is2022 && owner !== SPL_TOKEN_PROGRAM)
    throw new MintLayoutError(`owner ${owner} is not a token program`);
  if (data.length < MINT_SIZE) throw new MintLayoutError(`mint of ${data.length} bytes`);
  if (!is2022 && data.length !== MINT_SIZE)
    throw new MintLayoutError(`SPL Token mint of ${data.length} bytes`);
  const c = new Cursor(data);
  const mintAuthority = c.cOptionKey();
  const supply = c.u64();
  const decimals = c.u8();
  const initialized = c.u8();
  if (initialized !== 1) throw new MintLayoutError("mint is not initialized");
  const freezeAuthority = c.cOptionKey();
  return {
    program: is2022 ? "token-2022" : "spl-token",
    mintAuthority,
    freezeAuthority,
    supply: supply.toString(),
    decimals,
    extensions: is2022 ? parseExtensions(data) : null,
  };
}
