import { seededInts } from "@tapeline/core/testing";
import { describe, expect, it } from "vitest";
import { u64At } from "./u64At.ts";

/** Reference: the bytes read back through a DataView. */
const viaView = (bytes: Uint8Array, at: number): bigint =>
  new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getBigUint64(at, true);

describe("u64At", () => {
  it("reads little-endian u64 values on both sides of 2^53", () => {
    const values = [
      0n,
      1n,
      255n,
      2n ** 32n - 1n,
      2n ** 32n,
      2n ** 53n - 1n,
      2n ** 53n,
      2n ** 53n + 1n,
      2n ** 64n - 1n,
    ];
    for (const v of values) {
      const bytes = new Uint8Array(11);
      new DataView(bytes.buffer).setBigUint64(3, v, true);
      expect(u64At(bytes, 3)).toBe(v);
    }
  });

  it("agrees with a DataView on random bytes", () => {
    const rnd = seededInts(12345);
    const next = () => rnd(256);
    for (let n = 0; n < 2000; n++) {
      const bytes = Uint8Array.from({ length: 8 }, next);
      expect(u64At(bytes, 0)).toBe(viaView(bytes, 0));
    }
  });
});
