import { SOLANA_ROUTER_SINCE, type WalletSwapRecord, walletSwapTemplate } from "@tapeline/core";
import { seededInts } from "@tapeline/core/testing";
import { formatUnits } from "viem";
import { describe, expect, it } from "vitest";
import type { TokenLabel } from "../market/readTokenLabels.ts";
import { fillWalletSwapPage, pageLabels } from "./fillWalletSwapTemplate.ts";

const A = `0x${"aa".repeat(20)}`; // 18 decimals, a name to escape
const B = `0x${"bb".repeat(20)}`; // 6 decimals
const Z = `0x${"dd".repeat(20)}`; // 0 decimals, no symbol
const U = `0x${"cc".repeat(20)}`; // unknown
const C = `0x${"aa".repeat(19)}bb`; // 9 decimals, ends as B ends: the same bucket of a page's tokens
const labels = new Map<string, TokenLabel>([
  [C, { symbol: "CEE", name: "Cee", decimals: 9 }],
  [A, { symbol: "ALP", name: 'Alpha "the first" \u00e9', decimals: 18 }],
  [B, { symbol: "BET", name: "Beta", decimals: 6 }],
  [Z, { symbol: null, name: "Zero", decimals: 0 }],
]);
const tokens = [A, B, Z, U, C];

const rnd = seededInts(3);
/** Raw amounts of every length, many with trailing zeros (round amounts) and some zero. */
function raw(): bigint {
  if (rnd(15) === 0) return 0n;
  let s = String(1 + rnd(9));
  for (let k = rnd(28); k > 0; k--) s += rnd(3) === 0 ? "0" : String(rnd(10));
  return BigInt(s + "0".repeat(rnd(3) === 0 ? rnd(25) : 0));
}
const asset = () => ({ tokenAddress: tokens[rnd(tokens.length)] as string, amount: raw() });

function swap(i: number, solana: boolean): WalletSwapRecord {
  const router = rnd(3) === 0 ? null : { programId: `Prog${rnd(5)}`, name: rnd(2) ? `Router ${i}` : null };
  return {
    chain: solana ? "solana" : "evm:1",
    wallet: "w",
    txHash: `0x${i.toString(16).padStart(64, "0")}`,
    block: BigInt(1000 + i),
    seq: 0,
    at: (rnd(2) ? SOLANA_ROUTER_SINCE : SOLANA_ROUTER_SINCE - 10_000_000) + i,
    sent: Array.from({ length: rnd(4) }, asset),
    received: Array.from({ length: rnd(3) }, asset),
    route: Array.from({ length: rnd(4) }, () => ({
      poolAddress: `pool${rnd(9)}`,
      poolType: "UNISWAP_V3" as const,
      sent: asset(),
      received: asset(),
      ...(solana ? { router: rnd(2) ? router : null } : {}),
    })),
    volumeNative: rnd(5) === 0 ? null : String(rnd(1_000_000) / 997),
    feesNative: rnd(3) === 0 ? null : "0.000005",
    ...(solana ? { router } : {}),
  };
}

/** A row as the spec states it, from the record and the labels (amounts through formatUnits). */
function expected(s: WalletSwapRecord, usd: number | null) {
  const units = (a: { tokenAddress: string; amount: bigint }) => {
    const d = labels.get(a.tokenAddress)?.decimals;
    return d === undefined || d === null ? null : Number(formatUnits(a.amount, d));
  };
  const side = (assets: readonly { tokenAddress: string; amount: bigint }[]) =>
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

describe("fillWalletSwapPage", () => {
  it("fills a page of templates to the exact JSON of the spec's rows, on both families", () => {
    for (let p = 0; p < 200; p++) {
      const solana = p % 2 === 1;
      const swaps = Array.from({ length: rnd(40) }, (_, i) => swap(i, solana));
      const usd = swaps.map(() => (rnd(4) === 0 ? null : rnd(10_000_000) / 3));
      const page = fillWalletSwapPage(
        swaps.map(walletSwapTemplate),
        pageLabels((token) => labels.get(token)),
        (i) => usd[i] ?? null,
      );
      expect(page).toBe(JSON.stringify(swaps.map((s, i) => expected(s, usd[i] ?? null))));
    }
  });

  it("shows each token's own address when two tokens hand out one label object", () => {
    const shared: TokenLabel = { symbol: "S", name: "Shared", decimals: 6 };
    const row = (token: string) =>
      walletSwapTemplate({
        chain: "evm:1",
        txHash: "0x01",
        block: 1n,
        at: 1,
        sent: [{ tokenAddress: token, amount: 1_500_000n }],
        received: [],
        route: [],
        volumeNative: null,
        feesNative: null,
      });
    const fill = (token: string) =>
      JSON.parse(
        fillWalletSwapPage(
          [row(token)],
          pageLabels(() => shared),
          () => null,
        ),
      )[0].sent;
    expect(fill(A)).toEqual([{ tokenAddress: A, symbol: "S", name: "Shared", decimals: 6, amount: 1.5 }]);
    expect(fill(B)).toEqual([{ tokenAddress: B, symbol: "S", name: "Shared", decimals: 6, amount: 1.5 }]);
  });

  it("refuses a hole the template format does not define", () => {
    expect(() =>
      fillWalletSwapPage(
        ['{"x":\u0001q1\u0001}'],
        pageLabels(() => undefined),
        () => null,
      ),
    ).toThrow(/unknown hole/);
  });
});
