import type { WalletSwapLeg } from "@tapeline/core";
import { describe, expect, it } from "vitest";
import { walletAssetsJson, walletRouteJson } from "./walletSwapJson.ts";

const replaced = (v: unknown) => JSON.stringify(v, (_k, x) => (typeof x === "bigint" ? x.toString() : x));

describe("wallet swap JSON", () => {
  it("writes what JSON.stringify with bigints as strings writes, router present or not", () => {
    const assets = [
      { tokenAddress: "0xab", amount: 10n ** 30n + 7n },
      { tokenAddress: "So11111111111111111111111111111111111111112", amount: 0n },
    ];
    expect(walletAssetsJson(assets)).toBe(replaced(assets));
    expect(walletAssetsJson([])).toBe("[]");
    const legs: WalletSwapLeg[] = [
      { poolAddress: "0x1", poolType: "UNISWAP_V2", sent: assets[0]!, received: assets[1]! },
      {
        poolAddress: "P",
        poolType: "RAYDIUM_AMM",
        sent: assets[1]!,
        received: assets[0]!,
        router: { programId: "JUP", name: 'Jupiter "v6"' },
      },
      { poolAddress: "Q", poolType: "RAYDIUM_AMM", sent: assets[1]!, received: assets[0]!, router: null },
      {
        poolAddress: "R",
        poolType: "RAYDIUM_AMM",
        sent: assets[1]!,
        received: assets[0]!,
        router: { programId: "X", name: null },
      },
    ];
    expect(walletRouteJson(legs)).toBe(replaced(legs));
    expect(JSON.parse(walletRouteJson(legs))).toEqual(JSON.parse(replaced(legs)));
  });
});
