import { readFileSync } from "node:fs";
import { getAddress } from "viem";
import { describe, expect, it } from "vitest";
import { lockerList, lockersOf } from "./lockerList.ts";
import { parseLockers } from "./parseLockers.ts";

const shipped = JSON.parse(readFileSync(new URL("./lockers.json", import.meta.url), "utf8")) as Record<
  string,
  Record<string, string>
>;

describe("locker list", () => {
  it("ships only EVM addresses whose EIP-55 checksum holds (a mistyped character breaks it)", () => {
    let n = 0;
    for (const [chain, byAddress] of Object.entries(shipped)) {
      expect(chain).toMatch(/^evm:[1-9][0-9]*$/);
      for (const address of Object.keys(byAddress)) {
        expect(getAddress(address), `${chain} ${address}`).toBe(address);
        n++;
      }
    }
    expect(lockerList().size).toBe(n);
    expect(lockersOf(lockerList(), "evm:8453")).toEqual(
      Object.keys(shipped["evm:8453"]!).map((a) => a.toLowerCase()),
    );
    expect(lockersOf(lockerList(), "solana")).toEqual([]);
  });

  it("adds the configured lockers, lowercased on EVM, and reports malformed entries", () => {
    const problems: string[] = [];
    const extra = parseLockers(
      " evm:8453=0x00000000000000000000000000000000000000AB,solana=1nc1nerator11111111111111111111111111111111,evm:1=nothex,evm:1, bogus=0x1",
      problems,
    );
    expect([...extra]).toEqual([
      "evm:8453/0x00000000000000000000000000000000000000ab",
      "solana/1nc1nerator11111111111111111111111111111111",
    ]);
    expect(problems).toHaveLength(3);
    const all = lockerList(extra);
    expect(all.has("evm:8453/0x00000000000000000000000000000000000000ab")).toBe(true);
    expect(all.size).toBe(lockerList().size + 2);
  });
});
