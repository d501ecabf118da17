import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { bytesToBase58 } from "../bytesToBase58.ts";
import { createFingerprintSet } from "./createFingerprintSet.ts";

describe("createFingerprintSet", () => {
  it("holds every member through its growth and takes no outsider for one", () => {
    // 32-byte keys as the worker sees them (base58 account addresses)
    const keys = Array.from({ length: 200_000 }, () => bytesToBase58(randomBytes(32)));
    const members = keys.slice(0, 100_000);
    const outsiders = keys.slice(100_000);
    const set = createFingerprintSet(16);
    for (const k of members) set.add(k);
    for (const k of members.slice(0, 1000)) set.add(k);
    expect(set.size).toBe(new Set(members).size);
    expect(members.filter((k) => !set.has(k))).toEqual([]);
    expect(outsiders.filter((k) => set.has(k))).toEqual([]);
  });

  it("tells apart keys that differ in one character or only in length", () => {
    const set = createFingerprintSet();
    const base = "So11111111111111111111111111111111111111112";
    set.add(base);
    set.add("");
    expect(set.has(base)).toBe(true);
    expect(set.has("")).toBe(true);
    expect(set.has(base.slice(0, -1))).toBe(false);
    expect(set.has(`${base}1`)).toBe(false);
    for (let i = 0; i < base.length; i++) {
      const other = `${base.slice(0, i)}${base[i] === "2" ? "3" : "2"}${base.slice(i + 1)}`;
      expect(set.has(other), other).toBe(false);
    }
    expect(set.size).toBe(2);
  });
});
