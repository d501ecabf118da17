import {
  InvalidParamError,
  isEvm,
  type WalletSwapAssetRow,
  type WalletSwapPage,
  type WalletSwapQuery,
  type WalletSwapRouterRow,
  walletKey,
} from "@tapeline/core";
import type { MarketDb } from "../market/MarketDb.ts";
import type { TokenLabelReader } from "./createTokenLabelReader.ts";
import { decodeWalletSwapCursor } from "./decodeWalletSwapCursor.ts";
import { encodeWalletSwapCursor } from "./encodeWalletSwapCursor.ts";
import { rawToUnits } from "./rawToUnits.ts";
import { readSwapMinuteRates } from "./readSwapMinuteRates.ts";
import type { TokenLabel } from "./readTokenLabels.ts";

type StoredAsset = { tokenAddress: string; amount: string };
type StoredLeg = {
  poolAddress: string;
  poolType: string;
  sent: StoredAsset;
  received: StoredAsset;
  router?: { programId: string; name: string | null } | null;
};
type Raw = {
  tx_hash: string;
  block: string;
  seq: number;
  at: string;
  sent: StoredAsset[];
  received: StoredAsset[];
  route: StoredLeg[];
  volume_native: string | null;
  fees_native: string | null;
  router_program: string | null;
  router_name: string | null;
};

/**
 * A stored row from its one JSON column: Postgres writes the row as one JSON array, so the
 * client decodes one field and one JSON text per row instead of eleven fields and three jsonb
 * texts (that decoding was a fifth of a 20-wallet batch's CPU). int8 and numeric come as
 * strings, read with `Number` as before.
 */
const rawOf = ({ r }: { r: string }): Raw => {
  const [
    tx_hash,
    block,
    seq,
    at,
    sent,
    received,
    route,
    volume_native,
    fees_native,
    router_program,
    router_name,
  ] = JSON.parse(r);
  return {
    tx_hash,
    block,
    seq,
    at,
    sent,
    received,
    route,
    volume_native,
    fees_native,
    router_program,
    router_name,
  };
};

const num = (v: string | null): number | null => (v === null ? null : Number(v));

/** The spec serves a Solana swap's `router` on swaps from this instant (2026-09-21 UTC) onward. */
const SOLANA_ROUTER_SINCE = Date.UTC(2026, 8, 21);

/** Raw amounts in token units ({@link rawToUnits}); null when the token's decimals are unknown. */
const amountsOf =
  (labels: Map<string, TokenLabel>) =>
  (a: StoredAsset): number | null => {
    const d = labels.get(a.tokenAddress)?.decimals;
    return d === null || d === undefined ? null : rawToUnits(a.amount, d);
  };

/** Assets largest first (unknown amounts last); the common single asset is left as it is. */
const largestFirst = (side: WalletSwapAssetRow[]): WalletSwapAssetRow[] =>
  side.length < 2 ? side : side.sort((a, b) => (b.amount ?? -1) - (a.amount ?? -1));

const routerRow = (programId: string | null, name: string | null | undefined): WalletSwapRouterRow | null =>
  programId === null ? null : name ? { programId, name } : { programId };

/**
 * One page of a wallet's swaps, newest first, by exact keyset over (at, block, seq, txHash) on
 * the wallet's own index: `limit + 1` rows tell whether more remain, so `hasMore: false` means the
 * history within the bounds is fully served. A cursor continues strictly after its swap (then
 * `beforeAt` no longer applies); `from`/`to` bound every page. Assets carry the token's symbol,
 * name and decimals (read apart: token rows live by token), sides largest first. USD: Solana at
 * the SOL/USD of each swap's minute (`trade`), EVM at `spotUsd` (`spot`). A Solana swap's `router`
 * is served from 2026-09-21 onward (legs keep theirs).
 * @throws InvalidParamError for a bad cursor or `from` after `to`.
 */
export async function readWalletSwapPage(
  db: MarketDb,
  q: WalletSwapQuery,
  spotUsd: number | null,
  labels: TokenLabelReader,
  cursorParam = "cursor",
): Promise<WalletSwapPage> {
  const evm = isEvm(q.chain);
  if (q.from !== null && q.to !== null && q.from > q.to)
    throw new InvalidParamError("from", "from is after to");
  const params: unknown[] = [walletKey(q.chain, q.wallet)];
  const p = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  const where = ["s.wallet_key = $1"];
  if (q.cursor !== null) {
    const c = decodeWalletSwapCursor(q.cursor, cursorParam);
    where.push(
      `(s.at, s.block, s.seq, s.tx_hash) < (${p(c.at)}::bigint, ${p(c.block)}::bigint, ${p(c.seq)}::int, ${p(c.txHash)}::text)`,
    );
  } else if (q.beforeAt !== null) where.push(`s.at < ${p(q.beforeAt)}::bigint`);
  if (q.from !== null) where.push(`s.at >= ${p(q.from)}::bigint`);
  if (q.to !== null) where.push(`s.at <= ${p(q.to)}::bigint`);
  const res = await db.query<{ r: string }>(
    `select json_build_array(s.tx_hash, s.block::text, s.seq, s.at::text, s.sent, s.received, s.route,
       s.volume_native::text, s.fees_native::text, s.router_program, s.router_name)::text as r
     from wallet_swaps s where ${where.join(" and ")}
     order by s.at desc, s.block desc, s.seq desc, s.tx_hash desc
     limit ${p(q.limit + 1)}`,
    params,
  );
  const rows = res.rows.map(rawOf);
  const hasMore = rows.length > q.limit;
  const page = rows.slice(0, q.limit);
  const tokens = new Set<string>();
  for (const r of page) {
    for (const a of r.sent) tokens.add(a.tokenAddress);
    for (const a of r.received) tokens.add(a.tokenAddress);
    for (const l of r.route) tokens.add(l.sent.tokenAddress).add(l.received.tokenAddress);
  }
  const [labelOf, rates] = await Promise.all([
    labels(q.chain, [...tokens]),
    evm
      ? Promise.resolve(null)
      : readSwapMinuteRates(
          db,
          q.chain,
          page.map((r) => Number(r.at)),
        ),
  ]);
  const amountOf = amountsOf(labelOf);
  const side = (assets: StoredAsset[]): WalletSwapAssetRow[] =>
    largestFirst(
      assets.map((a) => {
        const l = labelOf.get(a.tokenAddress);
        return {
          tokenAddress: a.tokenAddress,
          symbol: l?.symbol ?? null,
          name: l?.name ?? null,
          decimals: l?.decimals ?? null,
          amount: amountOf(a),
        };
      }),
    );
  const data = page.map((r, i) => {
    const usd = evm ? spotUsd : (rates?.[i] ?? null);
    const volumeNative = num(r.volume_native);
    return {
      id: r.tx_hash,
      at: Number(r.at),
      chain: q.chain,
      txHash: r.tx_hash,
      block: Number(r.block),
      sent: side(r.sent),
      received: side(r.received),
      volumeNative,
      volumeUsd: volumeNative === null || usd === null ? null : volumeNative * usd,
      feesNative: num(r.fees_native),
      route: r.route.map((l) => ({
        poolAddress: l.poolAddress,
        poolType: l.poolType,
        sent: { tokenAddress: l.sent.tokenAddress, amount: amountOf(l.sent) },
        received: { tokenAddress: l.received.tokenAddress, amount: amountOf(l.received) },
        ...(evm ? {} : { router: l.router ? routerRow(l.router.programId, l.router.name) : null }),
      })),
      ...(evm || Number(r.at) < SOLANA_ROUTER_SINCE
        ? {}
        : { router: routerRow(r.router_program, r.router_name) }),
    };
  });
  const last = page.at(-1);
  return {
    data,
    usdBasis: evm ? "spot" : "trade",
    hasMore,
    nextCursor:
      hasMore && last
        ? encodeWalletSwapCursor({
            at: Number(last.at),
            block: Number(last.block),
            seq: last.seq,
            txHash: last.tx_hash,
          })
        : null,
    oldestAt: last ? Number(last.at) : null,
  };
}
