import { describe, expect, it } from "vitest";
import {
  EVM_NATIVE,
  isSolanaAddress,
  parsePoolAddress,
  parseTokenAddress,
  SOLANA_NATIVE_MINT,
} from "./address.ts";
import { parseChainId } from "./chainId.ts";
import { InvalidParamError } from "./errors.ts";

describe("chain ids", () => {
  it("accepts evm:<id>, solana and solana:solana", () => {
    expect(parseChainId("evm:1")).toBe("evm:1");
    expect(parseChainId("solana:solana")).toBe("solana");
    expect(() => parseChainId("evm:01")).toThrow(InvalidParamError);
    expect(() => parseChainId("eth")).toThrow(InvalidParamError);
  });
});

describe("addresses", () => {
  it("lowercases EVM input and maps 0xeeee…eeee to the zero address", () => {
    expect(parseTokenAddress("evm:1", "0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2")).toBe(
      "0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2",
    );
    expect(parseTokenAddress("evm:1", "0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE")).toBe(EVM_NATIVE);
  });
  it("accepts 32-byte V4 pool ids as EVM pool addresses", () => {
    const id = `0x${"ab".repeat(32)}`;
    expect(parsePoolAddress("evm:1", id.toUpperCase().replace("0X", "0x"))).toBe(id);
  });
  it("validates Solana keys as base58 of 32 bytes", () => {
    expect(isSolanaAddress(SOLANA_NATIVE_MINT)).toBe(true);
    expect(isSolanaAddress("EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v")).toBe(true);
    expect(isSolanaAddress("0OIl")).toBe(false);
    const err = (() => {
      try {
        parseTokenAddress("solana", "not-a-key", "address");
      } catch (e) {
        return e as InvalidParamError;
      }
    })();
    expect(err?.details).toEqual({ param: "address" });
  });
});
