import { decodeEventLog, encodeAbiParameters, encodeEventTopics, type Hex, parseAbiItem } from "viem";
import { describe, expect, it } from "vitest";
import { loadEvmFixtures } from "../../../../test/evm/loadEvmFixtures.ts";
import { DexEventAbis, DexTopics } from "./decoders/dexEventAbis.ts";
import { COW_SETTLEMENT, ENTRY_POINTS } from "./EvmChainConfig.ts";
import { resolveMaker } from "./resolveMaker.ts";

const files = loadEvmFixtures();
const cowTrade = parseAbiItem(
  "event Trade(address indexed owner, address sellToken, address buyToken, uint256 sellAmount, uint256 buyAmount, uint256 feeAmount, bytes orderUid)",
);

describe("resolveMaker", () => {
  it("is the transaction sender for a plain router swap", () => {
    const f = files.find((x) => x.file === "swap_uniswapv2_ethereum.json")!;
    const r = f.receipts[0]!;
    const swap = r.logs.find((l) => l.topics[0] === DexTopics.v2Swap)!;
    const maker = resolveMaker({
      receipt: r,
      swapLogIndex: swap.logIndex,
      recipient: `0x${swap.topics[2]!.slice(26)}`,
      token: "0x1416dfb76f14491caa6442532097d4c112d1de14",
      relayers: new Set(),
      isPool: () => false,
    });
    expect(maker).toBe(r.from);
  });

  it("is the order owner of a CoW Protocol settlement (recorded mainnet settlement)", () => {
    const f = files.find((x) => x.file === "swap_cowswap_ethereum.json")!;
    const r = f.receipts[0]!;
    expect(r.to).toBe(COW_SETTLEMENT);
    const swap = r.logs.find((l) => l.topics[0] === DexTopics.v2Swap)!;
    const tradeLog = r.logs.find(
      (l) => l.address === COW_SETTLEMENT && l.topics.length === 2 && l.data.length > 400,
    )!;
    const trade = decodeEventLog({
      abi: [cowTrade],
      data: tradeLog.data as Hex,
      topics: tradeLog.topics as [Hex, ...Hex[]],
    }).args;
    const maker = resolveMaker({
      receipt: r,
      swapLogIndex: swap.logIndex,
      recipient: COW_SETTLEMENT,
      token: trade.buyToken.toLowerCase(),
      relayers: new Set(),
      isPool: () => false,
    });
    expect(maker).toBe(trade.owner.toLowerCase());
    expect(maker).not.toBe(r.from);
  });

  it("is the smart account of the ERC-4337 user operation that ran the swap", () => {
    // A recorded router swap wrapped as if bundled: two user operations, the swap inside the second.
    const f = files.find((x) => x.file === "swap_uniswapv2_ethereum.json")!;
    const r = f.receipts[0]!;
    const swap = r.logs.find((l) => l.topics[0] === DexTopics.v2Swap)!;
    const userOp = (sender: Hex, logIndex: number) => ({
      address: ENTRY_POINTS[1]!,
      topics: encodeEventTopics({
        abi: [DexEventAbis.userOperationEvent],
        eventName: "UserOperationEvent",
        args: {
          userOpHash: `0x${"ab".repeat(32)}`,
          sender,
          paymaster: "0x0000000000000000000000000000000000000000",
        },
      }) as string[],
      data: encodeAbiParameters(
        [{ type: "uint256" }, { type: "bool" }, { type: "uint256" }, { type: "uint256" }],
        [1n, true, 2n, 3n],
      ),
      logIndex,
    });
    const first = "0x1111111111111111111111111111111111111111";
    const second = "0x2222222222222222222222222222222222222222";
    const receipt = {
      ...r,
      to: ENTRY_POINTS[1]!,
      logs: [userOp(first, swap.logIndex - 10), ...r.logs, userOp(second, swap.logIndex + 5)],
    };
    const maker = resolveMaker({
      receipt,
      swapLogIndex: swap.logIndex,
      recipient: null,
      token: "0x1416dfb76f14491caa6442532097d4c112d1de14",
      relayers: new Set(),
      isPool: () => false,
    });
    expect(maker).toBe(second);
  });

  it("is the swap's recipient when a configured relayer sent the transaction", () => {
    const f = files.find((x) => x.file === "swap_uniswapv2_ethereum.json")!;
    const r = f.receipts[0]!;
    const swap = r.logs.find((l) => l.topics[0] === DexTopics.v2Swap)!;
    const recipient = `0x${swap.topics[2]!.slice(26)}`;
    const base = { receipt: r, swapLogIndex: swap.logIndex, recipient, token: "0x1", isPool: () => false };
    expect(resolveMaker({ ...base, relayers: new Set([r.from]) })).toBe(recipient);
    expect(resolveMaker({ ...base, relayers: new Set([r.from]), isPool: (a) => a === recipient })).toBe(
      r.from,
    );
  });
});
