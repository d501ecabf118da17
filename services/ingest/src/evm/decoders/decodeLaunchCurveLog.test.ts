import { type AbiEvent, encodeAbiParameters, encodeEventTopics, type Hex, parseAbi } from "viem";
import { describe, expect, it } from "vitest";
import { curveBondingProgress, TAPELINE_LAUNCHPAD } from "../launchpadRegistry.ts";
import type { RawLog } from "./DexEvent.ts";
import { decodeLaunchCurveLog } from "./decodeLaunchCurveLog.ts";

const abi = parseAbi([
  "event CurveCreated(address indexed curve, address indexed token, address indexed creator, string uri)",
  "event CurveSync(uint256 virtualToken, uint256 virtualEth, uint256 sold)",
  "event Trade(address indexed trader, bool isBuy, uint256 tokenAmount, uint256 ethAmount)",
  "event Graduated(address indexed pair, uint256 tokenAmount, uint256 ethAmount)",
]);
const LAUNCHPAD = "0x1111111111111111111111111111111111111111";
const CURVE = "0x2222222222222222222222222222222222222222";
const TOKEN = "0x3333333333333333333333333333333333333333";
const WHO = "0x4444444444444444444444444444444444444444";

/** A log encoded by viem from the event's ABI (the decoder reads words by position). */
function log(address: string, name: string, args: Record<string, unknown>): RawLog {
  const event = abi.find((e) => e.name === name) as AbiEvent;
  const topics = encodeEventTopics({ abi: [event], eventName: name, args } as never) as Hex[];
  const plain = event.inputs.filter((i) => !i.indexed);
  const data = encodeAbiParameters(
    plain,
    plain.map((i) => args[i.name!]),
  );
  return {
    address,
    topics,
    data,
    blockNumber: 7n,
    blockHash: `0x${"ab".repeat(32)}`,
    transactionHash: `0x${"cd".repeat(32)}`,
    logIndex: 3,
  };
}

describe("decodeLaunchCurveLog", () => {
  it("reads CurveCreated as a pool the launchpad created: the token against the native coin, with its creator and URI", () => {
    expect(
      decodeLaunchCurveLog(
        log(LAUNCHPAD, "CurveCreated", {
          curve: CURVE,
          token: TOKEN,
          creator: WHO,
          uri: " ipfs://QmLaunch ",
        }),
      ),
    ).toMatchObject({
      kind: "poolCreated",
      venueType: "TAPELINE_LAUNCHPAD",
      factory: LAUNCHPAD,
      pool: CURVE,
      token0: TOKEN,
      token1: "0x0000000000000000000000000000000000000000",
      creator: WHO,
      uri: "ipfs://QmLaunch",
      block: 7n,
      logIndex: 3,
    });
  });

  it("keeps the curve but no URI when the URI is empty, too long, holds control characters or is malformed", () => {
    const created = (uri: string) =>
      log(LAUNCHPAD, "CurveCreated", { curve: CURVE, token: TOKEN, creator: WHO, uri });
    for (const uri of [
      "",
      "   ",
      `https://x.example/${"a".repeat(2048)}`,
      "ipfs://Qm\nX",
      "ipfs://Qm\u0000",
    ]) {
      expect(decodeLaunchCurveLog(created(uri))).toMatchObject({
        kind: "poolCreated",
        pool: CURVE,
        uri: null,
      });
    }
    const good = created("ipfs://QmLaunch");
    expect(decodeLaunchCurveLog({ ...good, data: good.data.slice(0, 66) })).toMatchObject({
      kind: "poolCreated",
      pool: CURVE,
      uri: null,
    });
  });

  it("reads CurveSync reserves and tokens sold, Trade as the curve's balance changes, Graduated's pair", () => {
    expect(
      decodeLaunchCurveLog(log(CURVE, "CurveSync", { virtualToken: 900n, virtualEth: 11n, sold: 100n })),
    ).toMatchObject({ kind: "curve", pool: CURVE, reserve0: 900n, reserve1: 11n, sold: 100n });
    expect(
      decodeLaunchCurveLog(
        log(CURVE, "Trade", { trader: WHO, isBuy: true, tokenAmount: 50n, ethAmount: 2n }),
      ),
    ).toMatchObject({ kind: "swap", pool: CURVE, sender: WHO, recipient: WHO, amount0: -50n, amount1: 2n });
    expect(
      decodeLaunchCurveLog(
        log(CURVE, "Trade", { trader: WHO, isBuy: false, tokenAmount: 50n, ethAmount: 2n }),
      ),
    ).toMatchObject({ kind: "swap", amount0: 50n, amount1: -2n });
    expect(
      decodeLaunchCurveLog(log(CURVE, "Graduated", { pair: TOKEN, tokenAmount: 1n, ethAmount: 1n })),
    ).toMatchObject({ kind: "graduate", pool: CURVE, migratedTo: TOKEN });
  });

  it("returns null for other topics and for truncated data", () => {
    const sync = log(CURVE, "CurveSync", { virtualToken: 1n, virtualEth: 1n, sold: 1n });
    expect(decodeLaunchCurveLog({ ...sync, data: sync.data.slice(0, 66) })).toBeNull();
    expect(decodeLaunchCurveLog({ ...sync, topics: [`0x${"00".repeat(32)}`] })).toBeNull();
  });
});

describe("curveBondingProgress", () => {
  const sale = TAPELINE_LAUNCHPAD.saleSupply;
  it("is the share of the sale supply sold, in percent to four decimals (rounded down), 0 to 100", () => {
    expect(curveBondingProgress(0n, TAPELINE_LAUNCHPAD)).toBe(0);
    expect(curveBondingProgress(sale / 4n, TAPELINE_LAUNCHPAD)).toBe(25);
    expect(curveBondingProgress(sale / 3n, TAPELINE_LAUNCHPAD)).toBe(33.3333);
    expect(curveBondingProgress(sale, TAPELINE_LAUNCHPAD)).toBe(100);
    expect(curveBondingProgress(sale + 1n, TAPELINE_LAUNCHPAD)).toBe(100);
  });
});
