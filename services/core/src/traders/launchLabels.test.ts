import { describe, expect, it } from "vitest";
import { BUNDLER_MIN_WALLETS, launchLabels, SNIPER_WINDOW_MS } from "./launchLabels.ts";

const t = (maker: string, isBuy: boolean, block: number, at: number) => ({ maker, isBuy, block, at });

describe("launchLabels", () => {
  it("labels buyers of the first seconds or of blocks 0-3 after creation as snipers, never the deployer", () => {
    const { snipers } = launchLabels({ createdBlock: 100, deployer: "dev" }, [
      t("dev", true, 100, 1_000),
      t("a", true, 101, 1_000 + SNIPER_WINDOW_MS),
      t("b", false, 101, 1_500),
      t("c", true, 103, 60_000),
      t("d", true, 104, 1_000 + SNIPER_WINDOW_MS + 1),
      t("e", true, 105, 70_000),
    ]);
    // d: block 104 is past blocks 0-3 and its time one ms past the window
    expect([...snipers].sort()).toEqual(["a", "c"]);
  });

  it("leaves out a buy inside the token's creation transaction, whoever sent it", () => {
    const { snipers } = launchLabels({ createdBlock: 10, deployer: "dev", creationTx: "0xcreate" }, [
      { ...t("router", true, 10, 0), txHash: "0xcreate" },
      { ...t("a", true, 10, 0), txHash: "0xother" },
    ]);
    expect([...snipers]).toEqual(["a"]);
  });

  it("judges by time alone when the creation block is unknown", () => {
    const { snipers } = launchLabels({ createdBlock: null, deployer: null }, [
      t("a", true, 7, 0),
      t("b", true, 8, SNIPER_WINDOW_MS + 1),
    ]);
    expect([...snipers]).toEqual(["a"]);
  });

  it("labels every launch-block buyer a bundler from the threshold on, the deployer excluded", () => {
    const buyers = Array.from({ length: BUNDLER_MIN_WALLETS }, (_, i) => `w${i}`);
    const withDev = [t("dev", true, 50, 0), ...buyers.slice(1).map((w) => t(w, true, 50, 0))];
    expect(launchLabels({ createdBlock: 50, deployer: "dev" }, withDev).bundlers.size).toBe(0);
    const full = [...buyers.map((w) => t(w, true, 50, 0)), t("late", true, 51, 1)];
    expect([...launchLabels({ createdBlock: 50, deployer: "dev" }, full).bundlers].sort()).toEqual(buyers);
  });

  it("labels early buyers sharing a first funder bundlers, whatever their blocks", () => {
    const trades = [
      t("a", true, 11, 0),
      t("b", true, 12, 1000),
      t("c", true, 13, 2000),
      t("d", true, 20, 60_000),
    ];
    const funders = new Map([
      ["a", "f1"],
      ["b", "f1"],
      ["c", "f2"],
      ["d", "f1"],
    ]);
    // d shares a's funder but bought after the launch: not an early buyer
    expect([...launchLabels({ createdBlock: 10, deployer: null }, trades, funders).bundlers].sort()).toEqual([
      "a",
      "b",
    ]);
    expect(launchLabels({ createdBlock: 10, deployer: null }, trades).bundlers.size).toBe(0);
  });

  it("labels nobody on a market without trades", () => {
    expect(launchLabels({ createdBlock: 1, deployer: null }, [])).toEqual({
      snipers: new Set(),
      bundlers: new Set(),
    });
  });
});
