import { describe, expect, it } from "vitest";
import { creatingReceipt } from "./findContractCreations.ts";

const TOKEN = "0x00000000000000000000000000000000000000aa";
const receipt = (i: number, from: string, extra: { contractAddress?: string; logs?: string[] } = {}) => ({
  transactionHash: `0x${i.toString(16).padStart(64, "0")}`,
  transactionIndex: `0x${i.toString(16)}`,
  from,
  contractAddress: extra.contractAddress ?? null,
  logs: (extra.logs ?? []).map((address) => ({ address })),
});

describe("creatingReceipt", () => {
  it("takes the direct deploy whose contractAddress is the contract, whatever the order", () => {
    const rs = [
      receipt(2, "0xb", { logs: [TOKEN] }),
      receipt(1, "0xa", { contractAddress: TOKEN.toUpperCase() }),
    ];
    expect(creatingReceipt(rs, TOKEN)?.from).toBe("0xa");
  });

  it("else the first transaction in block order with a log of the contract (a factory's create call)", () => {
    const rs = [receipt(5, "0xlate", { logs: [TOKEN] }), receipt(3, "0xcaller", { logs: ["0xf", TOKEN] })];
    expect(creatingReceipt(rs, TOKEN)?.from).toBe("0xcaller");
  });

  it("is null when no receipt of the block shows the contract", () => {
    expect(creatingReceipt([receipt(0, "0xa", { logs: ["0xf"] })], TOKEN)).toBeNull();
  });
});
