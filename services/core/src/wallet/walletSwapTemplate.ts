import { type ChainId, isEvm } from "../chainId.ts";

/**
 * The stored form of a wallet swap row: the row's JSON as the API serves it, written once by the
 * writer, with holes where the served text depends on what may change after the swap is stored
 * (token labels and decimals, the native/USD rate). A page is the concatenation of its rows with
 * the holes filled, so no field is decoded or re-encoded per request.
 *
 * A hole is {@link HOLE}-delimited (a control character, never raw in JSON text), so
 * `template.split(HOLE)` alternates literal text (even indices) and holes (odd indices). A hole's
 * first character is its kind:
 * - {@link SIDE_HOLE}: a `sent`/`received` array; then the assets, each `tokenAddress` {@link
 *   PAIR} `raw amount`, joined by {@link NEXT}; filled with each asset's label and amount in units,
 *   largest first.
 * - {@link AMOUNT_HOLE}: a leg's amount in units; then `tokenAddress` {@link PAIR} `raw amount`.
 * - {@link USD_HOLE}: `volumeUsd`; then the JSON number of `volumeNative` (a null volume is written
 *   as `null`, no hole).
 */
export const HOLE = "\u0001";
export const PAIR = "\u0002";
export const NEXT = "\u0003";
export const SIDE_HOLE = "s";
export const AMOUNT_HOLE = "a";
export const USD_HOLE = "v";

/** The spec serves a Solana swap's `router` on swaps from this instant (2026-09-21 UTC) onward. */
export const SOLANA_ROUTER_SINCE = Date.UTC(2026, 8, 21);

type Asset = { tokenAddress: string; amount: bigint | string };
type Router = { programId: string; name: string | null };

/** What a row is rendered from: a writer's record, or a stored row read back (amounts as strings). */
export type WalletSwapTemplateInput = {
  chain: ChainId;
  txHash: string;
  block: bigint | number;
  at: number;
  sent: readonly Asset[];
  received: readonly Asset[];
  route: readonly {
    poolAddress: string;
    poolType: string;
    sent: Asset;
    received: Asset;
    router?: Router | null;
  }[];
  /** whole native units as a decimal string */
  volumeNative: string | null;
  feesNative: string | null;
  router?: Router | null;
};

const str = JSON.stringify;
const number = (v: string | null): string => {
  const n = v === null ? Number.NaN : Number(v);
  return Number.isFinite(n) ? String(n) : "null";
};
const pair = (a: Asset): string => `${a.tokenAddress}${PAIR}${a.amount}`;
const side = (assets: readonly Asset[]): string =>
  assets.length === 0 ? "[]" : `${HOLE}${SIDE_HOLE}${assets.map(pair).join(NEXT)}${HOLE}`;
const legAsset = (a: Asset): string =>
  `{"tokenAddress":${str(a.tokenAddress)},"amount":${HOLE}${AMOUNT_HOLE}${pair(a)}${HOLE}}`;
const router = (r: Router | null | undefined): string =>
  r ? `{"programId":${str(r.programId)}${r.name ? `,"name":${str(r.name)}` : ""}}` : "null";

/**
 * The stored template of a wallet swap row (see {@link HOLE}): every field of the spec's row, in
 * its order, with `router` on Solana legs, and on Solana swaps from {@link SOLANA_ROUTER_SINCE}.
 */
export function walletSwapTemplate(s: WalletSwapTemplateInput): string {
  const evm = isEvm(s.chain);
  const volume = number(s.volumeNative);
  const legs = s.route.map(
    (l) =>
      `{"poolAddress":${str(l.poolAddress)},"poolType":${str(l.poolType)},"sent":${legAsset(l.sent)},"received":${legAsset(l.received)}${evm ? "" : `,"router":${router(l.router)}`}}`,
  );
  const tx = str(s.txHash);
  return `{"id":${tx},"at":${s.at},"chain":${str(s.chain)},"txHash":${tx},"block":${Number(s.block)},"sent":${side(s.sent)},"received":${side(s.received)},"volumeNative":${volume},"volumeUsd":${volume === "null" ? "null" : `${HOLE}${USD_HOLE}${volume}${HOLE}`},"feesNative":${number(s.feesNative)},"route":[${legs.join(",")}]${evm || s.at < SOLANA_ROUTER_SINCE ? "" : `,"router":${router(s.router)}`}}`;
}
