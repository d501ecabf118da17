import type { WindowStats } from "@tapeline/core";
import { describe, expect, it } from "vitest";
import { addWindowTotals } from "./addWindowTotals.ts";

const part = (volumeNative: number, volumeUsd: number | null, buys: number, sells: number): WindowStats => ({
  volumeNative,
  volumeUsd,
  buyVolumeNative: volumeNative * 0.25,
  sellVolumeNative: volumeNative * 0.75,
  buys,
  sells,
  txns: buys + sells,
  makers: 99,
  priceChangePct: 12,
});

describe("addWindowTotals", () => {
  it("adds counts and volumes and takes the pricing market's price change", () => {
    const t = addWindowTotals([part(2, null, 1, 3), part(6, null, 4, 0)], -5, {
      solana: false,
      spotUsd: 3000,
    });
    expect(t).toEqual({
      volumeNative: 8,
      volumeUsd: 24_000,
      buyVolumeNative: 2,
      sellVolumeNative: 6,
      buys: 5,
      sells: 3,
      txns: 8,
      priceChangePct: -5,
    });
    expect(
      addWindowTotals([part(2, null, 1, 0)], null, { solana: false, spotUsd: null }).volumeUsd,
    ).toBeNull();
  });

  it("values Solana volume by the trades with a known rate, null when none has one", () => {
    const sol = { solana: true, spotUsd: null };
    expect(addWindowTotals([part(2, 300, 1, 0), part(1, null, 1, 0)], null, sol).volumeUsd).toBe(300);
    expect(addWindowTotals([part(2, null, 1, 0), part(0, 0, 0, 0)], null, sol).volumeUsd).toBeNull();
    expect(addWindowTotals([part(0, 0, 0, 0), part(0, 0, 0, 0)], null, sol).volumeUsd).toBe(0);
    expect(addWindowTotals([], null, sol).volumeUsd).toBe(0);
  });
});
