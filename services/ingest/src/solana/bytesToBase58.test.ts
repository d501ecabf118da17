import { randomBytes } from "node:crypto";
import bs58 from "bs58";
import { describe, expect, it } from "vitest";
import { base58ToBytes } from "./base58ToBytes.ts";
import { bytesToBase58 } from "./bytesToBase58.ts";

describe("bytesToBase58", () => {
  it("encodes as the reference implementation does, leading zeros included", () => {
    const cases = [
      new Uint8Array(0),
      Uint8Array.from([0]),
      Uint8Array.from([0, 0, 1]),
      Uint8Array.from([1, 2, 3, 4]),
      new Uint8Array(32),
      new Uint8Array(32).fill(255),
    ];
    for (let len = 1; len <= 70; len++) {
      cases.push(randomBytes(len));
      const z = randomBytes(len);
      z.fill(0, 0, Math.min(len, 3));
      cases.push(z);
    }
    for (const c of cases) {
      expect(bytesToBase58(c), Buffer.from(c).toString("hex")).toBe(bs58.encode(c));
      expect(Buffer.from(base58ToBytes(bytesToBase58(c))).equals(Buffer.from(c))).toBe(true);
    }
  });

  it("encodes a known public key", () => {
    // the System program: 32 zero bytes
    expect(bytesToBase58(new Uint8Array(32))).toBe("11111111111111111111111111111111");
    const token = "TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA";
    expect(bytesToBase58(bs58.decode(token))).toBe(token);
  });
});
