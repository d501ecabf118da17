import type { TradeRecord } from "@tapeline/core";
import { encodeAbiParameters, pad, parseAbiItem, toEventSelector } from "viem";
import { describe, expect, it } from "vitest";
import { buildEvmWalletSwaps } from "./buildEvmWalletSwaps.ts";
import type { ReceiptLog } from "./evmWalletDeltas.ts";

const WETH = "0x4200000000000000000000000000000000000006";
const NATIVE = "0x0000000000000000000000000000000000000000";
const A = "0x00000000000000000000000000000000000000aa";
const B = "0x00000000000000000000000000000000000000bb";
const C = "0x00000000000000000000000000000000000000cc";
const WALLET = "0x1111111111111111111111111111111111111111";
const OTHER = "0x2222222222222222222222222222222222222222";
const ROUTER = "0x3333333333333333333333333333333333333333";
const POOL1 = "0x5555555555555555555555555555555555555551";
const POOL2 = "0x5555555555555555555555555555555555555552";
const FEES = "0x9999999999999999999999999999999999999999";
const V4_POOL = `0x${"ab".repeat(32)}`;

const topic = (sig: string) => toEventSelector(parseAbiItem(sig) as never);
const word = (v: bigint) => encodeAbiParameters([{ type: "uint256" }], [v]);
const transfer = (token: string, from: string, to: string, value: bigint): ReceiptLog => ({
  address: token,
  topics: [
    topic("event Transfer(address indexed from, address indexed to, uint256 value)"),
    pad(from as never),
    pad(to as never),
  ],
  data: word(value),
});
const deposit = (dst: string, wad: bigint): ReceiptLog => ({
  address: WETH,
  topics: [topic("event Deposit(address indexed dst, uint256 wad)"), pad(dst as never)],
  data: word(wad),
});
const withdrawal = (src: string, wad: bigint): ReceiptLog => ({
  address: WETH,
  topics: [topic("event Withdrawal(address indexed src, uint256 wad)"), pad(src as never)],
  data: word(wad),
});

/** A trade of `pool`: the route gave it `amountIn` of `tokenIn` and got `amountOut` of `tokenOut`. */
function trade(
  pool: string,
  logIndex: number,
  tokenIn: string,
  amountIn: bigint,
  tokenOut: string,
  amountOut: bigint,
  opts: { maker?: string; volumeNative?: string | null; txHash?: string } = {},
): TradeRecord {
  // tokenOut as the market's token makes the trade a buy; quote is what went in
  return {
    chain: "evm:8453",
    pool,
    id: `0xt:${logIndex}`,
    txHash: opts.txHash ?? "0xt",
    block: 10n,
    logIndex,
    at: 1_700_000_000_000,
    maker: opts.maker ?? WALLET,
    isBuy: true,
    tokenAddress: tokenOut,
    quoteAddress: tokenIn,
    amountToken: amountOut,
    amountQuote: amountIn,
    priceQuote: null,
    priceNative: null,
    volumeNative: opts.volumeNative === undefined ? "1" : opts.volumeNative,
    feesNative: "0.001",
    isWash: null,
    preconfirmed: false,
    router: null,
  };
}

const build = (trades: TradeRecord[], logs: ReceiptLog[]) =>
  buildEvmWalletSwaps(trades, {
    wrappedNative: WETH,
    logsOf: () => logs,
    poolType: (p) => (p === V4_POOL ? "UNISWAP_V4" : "UNISWAP_V2"),
  });

describe("buildEvmWalletSwaps", () => {
  it("nets a two-hop route to its ends from the wallet's own transfers, route in order", () => {
    const [s] = build(
      [
        trade(POOL1, 3, A, 100n, WETH, 50n, { volumeNative: "0.5" }),
        trade(POOL2, 6, WETH, 50n, B, 7n, { volumeNative: "0.5" }),
      ],
      [transfer(A, WALLET, POOL1, 100n), transfer(WETH, POOL1, POOL2, 50n), transfer(B, POOL2, WALLET, 7n)],
    );
    expect(s).toMatchObject({
      wallet: WALLET,
      seq: 3,
      sent: [{ tokenAddress: A, amount: 100n }],
      received: [{ tokenAddress: B, amount: 7n }],
      volumeNative: "0.5",
      feesNative: "0.001",
    });
    expect(s!.route.map((l) => [l.sent.tokenAddress, l.received.tokenAddress])).toEqual([
      [A, WETH],
      [WETH, B],
    ]);
  });

  it("takes a fee-on-transfer token's sent amount from the wallet's transfers, not the pool's", () => {
    const [s] = build(
      [trade(POOL1, 4, A, 95n, B, 9n)],
      [transfer(A, WALLET, POOL1, 95n), transfer(A, WALLET, FEES, 5n), transfer(B, POOL1, WALLET, 9n)],
    );
    expect(s!.sent).toEqual([{ tokenAddress: A, amount: 100n }]);
    expect(s!.route[0]!.sent).toEqual({ tokenAddress: A, amount: 95n });
    // and a fee taken from what the wallet receives
    const [r] = build(
      [trade(POOL1, 4, B, 9n, A, 100n)],
      [transfer(B, WALLET, POOL1, 9n), transfer(A, POOL1, WALLET, 96n), transfer(A, POOL1, FEES, 4n)],
    );
    expect(r!.received).toEqual([{ tokenAddress: A, amount: 96n }]);
  });

  it("counts native wrapped by a router (change refunded, so the deposit) and unwrapped for the wallet", () => {
    const [buy] = build(
      [trade(POOL1, 2, WETH, 30n, A, 1000n)],
      [deposit(ROUTER, 30n), transfer(WETH, ROUTER, POOL1, 30n), transfer(A, POOL1, WALLET, 1000n)],
    );
    expect(buy!.sent).toEqual([{ tokenAddress: WETH, amount: 30n }]);
    const [sell] = build(
      [trade(POOL1, 2, A, 1000n, WETH, 30n)],
      [transfer(A, WALLET, POOL1, 1000n), transfer(WETH, POOL1, ROUTER, 30n), withdrawal(ROUTER, 30n)],
    );
    expect(sell!.received).toEqual([{ tokenAddress: WETH, amount: 30n }]);
    // the wallet's own wrap is no flow: its WETH transfer is
    const [own] = build(
      [trade(POOL1, 2, WETH, 30n, A, 1000n)],
      [deposit(WALLET, 30n), transfer(WETH, WALLET, POOL1, 30n), transfer(A, POOL1, WALLET, 1000n)],
    );
    expect(own!.sent).toEqual([{ tokenAddress: WETH, amount: 30n }]);
  });

  it("counts a V4 pool's native legs and serves them as the native coin", () => {
    const [s] = build(
      [trade(V4_POOL, 1, A, 500n, NATIVE, 2n)],
      [transfer(A, WALLET, "0x000000000004444c5dc75cb358380d2e3de08a90", 500n)],
    );
    expect(s!.received).toEqual([{ tokenAddress: NATIVE, amount: 2n }]);
    expect(s!.route[0]!.poolType).toBe("UNISWAP_V4");
    // V4 native out, wrapped by the router, WETH to the wallet: one asset, counted once
    const [w] = build(
      [trade(V4_POOL, 1, A, 500n, NATIVE, 2n)],
      [transfer(A, WALLET, ROUTER, 500n), deposit(ROUTER, 2n), transfer(WETH, ROUTER, WALLET, 2n)],
    );
    expect(w!.received).toEqual([{ tokenAddress: NATIVE, amount: 2n }]);
  });

  it("orders an exact-output multi-hop that executed its last pool first", () => {
    const [s] = build(
      [trade(POOL2, 1, B, 40n, C, 5n), trade(POOL1, 4, A, 90n, B, 40n)],
      [transfer(C, POOL2, WALLET, 5n), transfer(A, WALLET, POOL1, 90n)],
    );
    expect(s!.route.map((l) => l.poolAddress)).toEqual([POOL1, POOL2]);
    expect(s!.seq).toBe(1);
  });

  it("leaves out an asset a route passes through, and a fee taken between hops", () => {
    const [s] = build(
      [trade(POOL1, 3, A, 100n, WETH, 50n), trade(POOL2, 8, WETH, 49n, B, 7n)],
      [
        transfer(A, WALLET, POOL1, 100n),
        transfer(WETH, POOL1, ROUTER, 50n),
        transfer(WETH, ROUTER, FEES, 1n),
        transfer(WETH, ROUTER, POOL2, 49n),
        transfer(B, POOL2, WALLET, 7n),
      ],
    );
    expect(s!.sent).toEqual([{ tokenAddress: A, amount: 100n }]);
    expect(s!.received).toEqual([{ tokenAddress: B, amount: 7n }]);
  });

  it("lists two independent swaps on each side, largest first", () => {
    const [s] = build(
      [trade(POOL1, 1, A, 10n, B, 3n), trade(POOL2, 2, C, 500n, WETH, 4n)],
      [
        transfer(A, WALLET, POOL1, 10n),
        transfer(B, POOL1, WALLET, 3n),
        transfer(C, WALLET, POOL2, 500n),
        transfer(WETH, POOL2, WALLET, 4n),
      ],
    );
    expect(s!.sent).toEqual([
      { tokenAddress: C, amount: 500n },
      { tokenAddress: A, amount: 10n },
    ]);
    expect(s!.received).toEqual([
      { tokenAddress: WETH, amount: 4n },
      { tokenAddress: B, amount: 3n },
    ]);
    expect(s!.volumeNative).toBe("2");
  });

  it("gives each maker of a transaction its own swap and attributes no router wrap when several share it", () => {
    const swaps = build(
      [trade(POOL1, 1, WETH, 30n, A, 9n), trade(POOL2, 2, B, 8n, C, 4n, { maker: OTHER })],
      [
        deposit(ROUTER, 30n),
        transfer(A, POOL1, WALLET, 9n),
        transfer(B, OTHER, POOL2, 8n),
        transfer(C, POOL2, OTHER, 4n),
      ],
    );
    expect(swaps.map((s) => [s.wallet, s.sent, s.received])).toEqual([
      [WALLET, [], [{ tokenAddress: A, amount: 9n }]],
      [OTHER, [{ tokenAddress: B, amount: 8n }], [{ tokenAddress: C, amount: 4n }]],
    ]);
  });

  it("has an unknown value when a leg's value is unknown", () => {
    const [s] = build(
      [trade(POOL1, 1, A, 10n, B, 3n, { volumeNative: null })],
      [transfer(A, WALLET, POOL1, 10n)],
    );
    expect(s!.volumeNative).toBeNull();
    expect(s!.received).toEqual([]);
  });
});
