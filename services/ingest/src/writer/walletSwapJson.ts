import type { SwapRouter, WalletSwapAsset, WalletSwapLeg } from "@tapeline/core";

const str = JSON.stringify;
const asset = (a: WalletSwapAsset): string =>
  `{"tokenAddress":${str(a.tokenAddress)},"amount":"${a.amount}"}`;
const router = (r: SwapRouter | null): string =>
  r === null ? "null" : `{"programId":${str(r.programId)},"name":${str(r.name)}}`;

/**
 * The stored JSON of a wallet swap's assets (amounts as decimal strings), written directly: the
 * writer makes three per swap, and JSON.stringify with a bigint replacer calls back for every value.
 */
export function walletAssetsJson(assets: readonly WalletSwapAsset[]): string {
  return `[${assets.map(asset).join(",")}]`;
}

/** The stored JSON of a wallet swap's route; a leg's `router` is written when it has one (Solana). */
export function walletRouteJson(route: readonly WalletSwapLeg[]): string {
  const leg = (l: WalletSwapLeg): string =>
    `{"poolAddress":${str(l.poolAddress)},"poolType":${str(l.poolType)},"sent":${asset(l.sent)},"received":${asset(l.received)}${l.router === undefined ? "" : `,"router":${router(l.router)}`}}`;
  return `[${route.map(leg).join(",")}]`;
}
