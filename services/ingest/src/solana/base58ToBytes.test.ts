import bs58 from "bs58";
import { describe, expect, it } from "vitest";
import { base58ToBytes } from "./base58ToBytes.ts";

describe("base58ToBytes", () => {
  it("agrees with bs58 on leading zeros, short and long payloads", () => {
    const cases: Uint8Array[] = [
      new Uint8Array([]),
      new Uint8Array([0]),
      new Uint8Array([0, 0, 1]),
      new Uint8Array([255, 254, 0, 3]),
      Uint8Array.from({ length: 432 }, (_, i) => (i * 37 + 11) & 255),
      Uint8Array.from({ length: 33 }, (_, i) => (i === 0 ? 0 : (i * 91) & 255)),
      Uint8Array.from({ length: 120 }, (_, i) => (i < 2 ? 0 : (i * 53 + 7) & 255)),
      new Uint8Array(90),
    ];
    // around the length where the decoder switches method
    for (let len = 40; len <= 60; len++)
      cases.push(Uint8Array.from({ length: len }, (_, i) => (i * 29 + len) & 255));
    for (const bytes of cases) expect([...base58ToBytes(bs58.encode(bytes))]).toEqual([...bytes]);
  });

  it("decodes a Solana public key to 32 bytes", () => {
    expect(base58ToBytes("So11111111111111111111111111111111111111112")).toHaveLength(32);
    expect([...base58ToBytes("11111111111111111111111111111111")]).toEqual(new Array(32).fill(0));
  });

  it("rejects characters outside the alphabet", () => {
    expect(() => base58ToBytes("0OIl")).toThrow(RangeError);
    expect(() => base58ToBytes(`${"2".repeat(100)}0`)).toThrow(RangeError);
  });
});
