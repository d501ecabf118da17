import { type ChainId, SOLANA_ROUTER_SINCE, type WalletSwapRecord } from "@tapeline/core";
import { createTestDatabase, type TestDatabase } from "@tapeline/core/testing";
import { formatUnits } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeBatch } from "../../../ingest/src/writer/writeBatch.ts";
import { createTokenLabelReader } from "../market/createTokenLabelReader.ts";
import { readWalletSwapPage } from "./readWalletSwapPage.ts";

const EVM: ChainId = "evm:1";
const A = `0x${"aa".repeat(20)}`; // 18 decimals, a name to escape
const B = `0x${"bb".repeat(20)}`; // 6 decimals
const U = `0x${"cc".repeat(20)}`; // unknown to the store
const EVM_WALLET = `0x${"11".repeat(20)}`;
const SOL_WALLET = "7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU";
const SA = "So11111111111111111111111111111111111111112";
const SB = "EPjFWJd5AufqSNh1ZPNRJrzC3cLmiP7sjBDsuYDDsD1v";
const labels = new Map<string, { symbol: string; name: string; decimals: number }>([
  [A, { symbol: "ALP", name: 'Alpha "the first"', decimals: 18 }],
  [B, { symbol: "BET", name: "Beta", decimals: 6 }],
  [SA, { symbol: "SOL", name: "Wrapped SOL", decimals: 9 }],
  [SB, { symbol: "USDC", name: "USD Coin", decimals: 6 }],
]);

const asset = (tokenAddress: string, amount: bigint) => ({ tokenAddress, amount });

const evmSwaps: WalletSwapRecord[] = [
  {
    chain: EVM,
    wallet: EVM_WALLET,
    txHash: `0x${"01".repeat(32)}`,
    block: 100n,
    seq: 3,
    at: 1_760_000_000_000,
    sent: [asset(A, 1234567890123456789n)],
    received: [asset(B, 42_000_000n)],
    route: [
      {
        poolAddress: "0xp1",
        poolType: "UNISWAP_V2",
        sent: asset(A, 1234567890123456789n),
        received: asset(U, 5n),
      },
      { poolAddress: "0xp2", poolType: "UNISWAP_V3", sent: asset(U, 5n), received: asset(B, 42_000_000n) },
    ],
    volumeNative: "1.234567890123456789",
    feesNative: "0.0003",
  },
  {
    // two independent swaps: each side lists both assets, the unknown token's amount last
    chain: EVM,
    wallet: EVM_WALLET,
    txHash: `0x${"02".repeat(32)}`,
    block: 101n,
    seq: 0,
    at: 1_760_000_012_000,
    sent: [asset(U, 10n ** 30n), asset(B, 1_000_000n), asset(A, 3n * 10n ** 18n)],
    received: [],
    route: [
      { poolAddress: "0xp3", poolType: "UNISWAP_V4", sent: asset(B, 1_000_000n), received: asset(A, 7n) },
    ],
    volumeNative: null,
    feesNative: null,
  },
];

const solRoute = (router: WalletSwapRecord["router"]) => [
  {
    poolAddress: "PoolOne",
    poolType: "RAYDIUM_AMM_V4" as const,
    sent: asset(SA, 2_000_000_000n),
    received: asset(SB, 300_000_000n),
    router,
  },
  {
    poolAddress: "PoolTwo",
    poolType: "ORCA_WHIRLPOOL" as const,
    sent: asset(SA, 1n),
    received: asset(SB, 1n),
    router: null,
  },
];
const solSwaps: WalletSwapRecord[] = [
  {
    chain: "solana",
    wallet: SOL_WALLET,
    txHash: "5".repeat(87),
    block: 300_000_000n,
    seq: 2,
    at: SOLANA_ROUTER_SINCE - 1,
    sent: [asset(SA, 2_000_000_001n)],
    received: [asset(SB, 300_000_001n)],
    route: solRoute({ programId: "JUP6LkbZbjS1jKKwapdHNy74zcZ3tLUZoi5QNyVTaV4", name: "Jupiter" }),
    volumeNative: "2.000000001",
    feesNative: "0.000005",
    router: { programId: "JUP6LkbZbjS1jKKwapdHNy74zcZ3tLUZoi5QNyVTaV4", name: "Jupiter" },
  },
  {
    chain: "solana",
    wallet: SOL_WALLET,
    txHash: "6".repeat(87),
    block: 300_000_500n,
    seq: 0,
    at: SOLANA_ROUTER_SINCE + 60_000,
    sent: [asset(SA, 2_000_000_001n)],
    received: [asset(SB, 300_000_001n)],
    route: solRoute({ programId: "Unnamed111111111111111111111111111111111111", name: null }),
    volumeNative: "2.000000001",
    feesNative: "0.000005",
    router: { programId: "Unnamed111111111111111111111111111111111111", name: null },
  },
  {
    chain: "solana",
    wallet: SOL_WALLET,
    txHash: "7".repeat(87),
    block: 300_000_600n,
    seq: 1,
    at: SOLANA_ROUTER_SINCE + 120_000,
    sent: [asset(SB, 5_000_000n)],
    received: [asset(SA, 100_000_000n)],
    route: [{ ...solRoute(null)[1]!, sent: asset(SB, 5_000_000n), received: asset(SA, 100_000_000n) }],
    volumeNative: "0.1",
    feesNative: "0.000005",
    router: null,
  },
];

/** A row as the spec states it, built from the record and the labels the store holds. */
function expected(s: WalletSwapRecord, usd: number | null) {
  const units = (a: { tokenAddress: string; amount: bigint }) => {
    const d = labels.get(a.tokenAddress)?.decimals;
    return d === undefined ? null : Number(formatUnits(a.amount, d));
  };
  const side = (assets: { tokenAddress: string; amount: bigint }[]) =>
    assets
      .map((a) => ({
        tokenAddress: a.tokenAddress,
        symbol: labels.get(a.tokenAddress)?.symbol ?? null,
        name: labels.get(a.tokenAddress)?.name ?? null,
        decimals: labels.get(a.tokenAddress)?.decimals ?? null,
        amount: units(a),
      }))
      .sort((x, y) => (y.amount ?? -1) - (x.amount ?? -1));
  const router = (r: WalletSwapRecord["router"]) =>
    r ? (r.name ? { programId: r.programId, name: r.name } : { programId: r.programId }) : null;
  const solana = s.chain === "solana";
  const volumeNative = s.volumeNative === null ? null : Number(s.volumeNative);
  return {
    id: s.txHash,
    at: s.at,
    chain: s.chain,
    txHash: s.txHash,
    block: Number(s.block),
    sent: side(s.sent),
    received: side(s.received),
    volumeNative,
    volumeUsd: volumeNative === null || usd === null ? null : volumeNative * usd,
    feesNative: s.feesNative === null ? null : Number(s.feesNative),
    route: s.route.map((l) => ({
      poolAddress: l.poolAddress,
      poolType: l.poolType,
      sent: { tokenAddress: l.sent.tokenAddress, amount: units(l.sent) },
      received: { tokenAddress: l.received.tokenAddress, amount: units(l.received) },
      ...(solana ? { router: router(l.router) } : {}),
    })),
    ...(solana && s.at >= SOLANA_ROUTER_SINCE ? { router: router(s.router) } : {}),
  };
}

describe("readWalletSwapPage", () => {
  let db: TestDatabase;
  const query = (chain: ChainId, wallet: string) => ({
    chain,
    wallet,
    cursor: null,
    limit: 10,
    from: null,
    to: null,
    beforeAt: null,
  });
  const read = (chain: ChainId, wallet: string, usd: number | null) =>
    readWalletSwapPage(
      db.pool,
      query(chain, wallet),
      usd,
      createTokenLabelReader(db.pool, { ttlMs: 0, max: 10 }),
    );

  beforeAll(async () => {
    db = await createTestDatabase();
    for (const [chain, swaps] of [
      [EVM, evmSwaps],
      ["solana", solSwaps],
    ] as const) {
      await writeBatch(db.pool, {
        chain,
        blocks: [],
        trades: [],
        walletSwaps: swaps,
        pools: [],
        tokens: [...labels]
          .filter(([address]) => address.startsWith("0x") === (chain === EVM))
          .map(([address, l]) => ({ chain, address, ...l, totalSupply: null })),
      });
    }
  });
  afterAll(async () => {
    await db?.drop();
  });

  it("serves every field of the spec's row from the stored templates, newest first", async () => {
    const evm = JSON.parse((await read(EVM, EVM_WALLET, 2500.5)).text);
    expect(evm).toEqual({
      data: [...evmSwaps].reverse().map((s) => expected(s, 2500.5)),
      hasMore: false,
      nextCursor: null,
      oldestAt: evmSwaps[0]!.at,
      usdBasis: "spot",
    });
    expect(JSON.parse((await read(EVM, EVM_WALLET, null)).text).data[1].volumeUsd).toBeNull();
    // no minute rate stored: Solana volumes have no USD value
    const sol = JSON.parse((await read("solana", SOL_WALLET, null)).text);
    expect(sol.data).toEqual([...solSwaps].reverse().map((s) => expected(s, null)));
    expect(sol.usdBasis).toBe("trade");
  });

  it("templates a row stored without one from its columns, to the same text", async () => {
    const before = [(await read(EVM, EVM_WALLET, 3)).text, (await read("solana", SOL_WALLET, null)).text];
    await db.pool.query("update wallet_swaps set row_template = null");
    const after = [(await read(EVM, EVM_WALLET, 3)).text, (await read("solana", SOL_WALLET, null)).text];
    expect(after).toEqual(before);
  });
});
