import { describe, expect, it } from "vitest";
import {
  MintLayoutError,
  parseMintAccount,
  SPL_TOKEN_PROGRAM,
  TOKEN_2022_PROGRAM,
} from "./parseMintAccount.ts";
import { mintBase, MintWriter as Writer } from "./testing/mintAccountWriter.ts";

// Keys of the test (any 32-byte base58 keys): authorities, delegate, hook program
const MINT_AUTH = "9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM";
const FREEZE_AUTH = "7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU";
const DELEGATE = "HN7cABqLq46Es1jh92dQQisAq662SmxELLLsHHe4YWrH";
const HOOK = "CPMMoo8L3F4NbTegBCKVNunggL7H1ZpdTHKxQB5qKP1C";
const FEE_AUTH = "5Q544fKrFoe6tsEbD7S8EmxGTJYAKtTVhAW5Q5pge4j1";

describe("parseMintAccount", () => {
  it("reads an SPL Token mint's authorities, supply and decimals", () => {
    const data = mintBase(MINT_AUTH, 1_000_000_000_000_000n, 6, FREEZE_AUTH).done();
    expect(data.length).toBe(82);
    expect(parseMintAccount(SPL_TOKEN_PROGRAM, data)).toEqual({
      program: "spl-token",
      mintAuthority: MINT_AUTH,
      freezeAuthority: FREEZE_AUTH,
      supply: "1000000000000000",
      decimals: 6,
      extensions: null,
    });
  });

  it("reads revoked authorities as null even when the key bytes are left behind", () => {
    // COption tag 0 with a stale key after it: the program ignores the key, so do we
    const w = new Writer().u32(0).key(MINT_AUTH).u64(5n).u8(9).u8(1).u32(0).key(FREEZE_AUTH);
    const m = parseMintAccount(SPL_TOKEN_PROGRAM, w.done());
    expect(m.mintAuthority).toBeNull();
    expect(m.freezeAuthority).toBeNull();
  });

  it("reads a Token-2022 mint without extensions", () => {
    const m = parseMintAccount(TOKEN_2022_PROGRAM, mintBase(null, 7n, 9, null).done());
    expect(m.program).toBe("token-2022");
    expect(m.extensions?.types).toEqual([]);
    expect(m.extensions?.transferFee).toBeNull();
  });

  it("reads the Token-2022 extensions a buyer cares about from the TLV area", () => {
    const fee = new Writer()
      .key(FEE_AUTH)
      .key(null)
      .u64(123n)
      .u64(500n) // older: epoch, maximum fee, bps
      .u64(1_000_000n)
      .u16(100)
      .u64(612n) // newer
      .u64(5_000_000n)
      .u16(250);
    const data = mintBase(MINT_AUTH, 42n, 6, null)
      .pad(165)
      .u8(1) // account type: mint
      .tlv(1, fee)
      .tlv(3, new Writer().key(MINT_AUTH))
      .tlv(6, new Writer().u8(2)) // default state frozen
      .tlv(12, new Writer().key(DELEGATE))
      .tlv(14, new Writer().key(MINT_AUTH).key(HOOK))
      .tlv(18, new Writer().key(MINT_AUTH).key(DELEGATE))
      .tlv(
        19,
        new Writer()
          .key(MINT_AUTH)
          .key(DELEGATE)
          .str("Name")
          .str("SYM")
          .str("https://example.org/meta.json")
          .u32(0),
      )
      .tlv(26, new Writer().key(MINT_AUTH).u8(1))
      .tlv(9, new Writer())
      .tlv(10, new Writer().raw(new Array(52).fill(7))) // interest-bearing: kept by number only
      .done();
    const m = parseMintAccount(TOKEN_2022_PROGRAM, data);
    expect(m.mintAuthority).toBe(MINT_AUTH);
    expect(m.freezeAuthority).toBeNull();
    expect(m.extensions).toEqual({
      transferFee: {
        authority: FEE_AUTH,
        older: { epoch: 500, maximumFee: "1000000", basisPoints: 100 },
        newer: { epoch: 612, maximumFee: "5000000", basisPoints: 250 },
      },
      permanentDelegate: DELEGATE,
      transferHookProgram: HOOK,
      defaultAccountFrozen: true,
      nonTransferable: true,
      mintCloseAuthority: MINT_AUTH,
      paused: true,
      metadataAddress: DELEGATE,
      metadataUri: "https://example.org/meta.json",
      types: [1, 3, 6, 12, 14, 18, 19, 26, 9, 10],
    });
  });

  it("stops at trailing zero space and reads an initialized default state as not frozen", () => {
    const data = mintBase(null, 1n, 0, null).pad(165).u8(1).tlv(6, new Writer().u8(1)).pad(260).done();
    const m = parseMintAccount(TOKEN_2022_PROGRAM, data);
    expect(m.extensions?.defaultAccountFrozen).toBe(false);
    expect(m.extensions?.types).toEqual([6]);
  });

  it("refuses what is not a mint", () => {
    const base = mintBase(null, 1n, 0, null);
    expect(() => parseMintAccount("11111111111111111111111111111111", base.done())).toThrow(MintLayoutError);
    expect(() => parseMintAccount(SPL_TOKEN_PROGRAM, base.done().subarray(0, 60))).toThrow(MintLayoutError);
    // a token account (165 bytes, type 2) owned by Token-2022
    const account = mintBase(null, 1n, 0, null).pad(165).u8(2).done();
    expect(() => parseMintAccount(TOKEN_2022_PROGRAM, account)).toThrow(MintLayoutError);
    // an extension whose length runs past the data
    const overrun = mintBase(null, 1n, 0, null).pad(165).u8(1).u16(12).u16(64).raw([1, 2, 3]).done();
    expect(() => parseMintAccount(TOKEN_2022_PROGRAM, overrun)).toThrow(MintLayoutError);
    // uninitialized mint
    const uninit = new Writer().u32(0).key(null).u64(0n).u8(0).u8(0).u32(0).key(null).done();
    expect(() => parseMintAccount(SPL_TOKEN_PROGRAM, uninit)).toThrow(MintLayoutError);
  });
});
