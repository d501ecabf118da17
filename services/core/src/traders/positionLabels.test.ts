import { describe, expect, it } from "vitest";
import {
  positionLabels,
  WHALE_MIN_VOLUME_USD_30D,
  WHALE_WINDOW_MS,
  whaleVolumeUsd,
} from "./positionLabels.ts";

const none = {
  isDev: null,
  isSniper: null,
  isBundler: null,
  volumeUsd30d: 0,
  proTrader: null,
  smartTrader: null,
};

describe("positionLabels", () => {
  it("serves the known true facts in the documented order and nothing for unknown ones", () => {
    expect(positionLabels(none)).toEqual([]);
    expect(
      positionLabels({
        isDev: true,
        isSniper: true,
        isBundler: true,
        volumeUsd30d: WHALE_MIN_VOLUME_USD_30D,
        proTrader: true,
        smartTrader: true,
      }),
    ).toEqual(["dev", "sniper", "bundler", "whale", "proTrader", "smartTrader"]);
    expect(
      positionLabels({ ...none, volumeUsd30d: WHALE_MIN_VOLUME_USD_30D - 0.01, smartTrader: true }),
    ).toEqual(["smartTrader"]);
  });

  it("sums the known trade values of the last 30 days for the whale rule", () => {
    const now = 100 * 86_400_000;
    const trades = [
      { at: now - WHALE_WINDOW_MS, valueUsd: 300_000 },
      { at: now - WHALE_WINDOW_MS - 1, valueUsd: 900_000 },
      { at: now - 1000, valueUsd: 250_000 },
      { at: now - 500, valueUsd: null },
    ];
    expect(whaleVolumeUsd(trades, now)).toBe(550_000);
  });
});
