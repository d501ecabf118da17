import {
  formatUnits,
  InvalidParamError,
  isEvm,
  type WalletTradePage,
  type WalletTradeQuery,
  type WalletTradeRow,
  walletKey,
} from "@tapeline/core";
import type { TokenLabelReader } from "../market/createTokenLabelReader.ts";
import type { MarketDb } from "../market/MarketDb.ts";
import { readSwapMinuteRates } from "./readSwapMinuteRates.ts";

type Raw = {
  tx_hash: string;
  token_address: string;
  is_buy: boolean;
  block: string;
  log_index: number;
  at: string;
  amount_token: string;
  volume_native: string | null;
  price_native: string | null;
};

const COLUMNS = `tx_hash, token_address, is_buy, block, log_index, at, amount_token, volume_native, price_native`;
const ORDER = "order by at desc, block desc, log_index desc, tx_hash desc, token_address desc, is_buy";
/**
 * Positions inside one millisecond a fractional keyset tells apart: the i-th event of a
 * millisecond T (newest first) sits at T + (SLOTS - 1 - i) / SLOTS. A power of two, so these
 * values are exact in a double for any time before the year 2100.
 */
const SLOTS = 1024;

/**
 * A keyset position from `beforeAt`: events strictly older than it are those before `at`, then
 * those of `at` from the `skip`-th on (page order); null `skip` (an integer) skips all of `at`.
 */
function keyset(beforeAt: number): { at: number; skip: number | null } {
  const at = Math.floor(beforeAt);
  const frac = beforeAt - at;
  return { at, skip: frac === 0 ? null : SLOTS - Math.round(frac * SLOTS) };
}

/**
 * A wallet's trade events, newest first, at most `limit`. `beforeAt` (EVM only) is the keyset:
 * `meta.oldestAt` is the last event's `at`, or, when the page ends inside a millisecond that
 * has more events, that millisecond plus a fraction marking how many of its events were served
 * (see {@link SLOTS}), so passing it back as `beforeAt` never skips or repeats an event. Fields
 * per family: EVM `priceNative`, `volumeNative`, `block`, `logIndex` and `meta.oldestAt`, USD at
 * `spotUsd`; Solana `tokenSymbol`, `priceUsd`, `maker`, USD at the SOL/USD of each trade's minute.
 * @throws InvalidParamError for `beforeAt` on Solana.
 */
export async function readWalletTradePage(
  db: MarketDb,
  q: WalletTradeQuery,
  spotUsd: number | null,
  labels: TokenLabelReader,
): Promise<WalletTradePage> {
  const evm = isEvm(q.chain);
  if (!evm && q.beforeAt !== null)
    throw new InvalidParamError("beforeAt", "beforeAt is served on EVM chains only");
  const key = walletKey(q.chain, q.wallet);
  const from = q.beforeAt === null ? null : keyset(q.beforeAt);
  const fetched =
    from === null || from.skip === null
      ? await db.query<Raw>(
          `select ${COLUMNS} from wallet_trades where wallet_key = $1 ${from ? "and at < $3::bigint" : ""} ${ORDER} limit $2`,
          from ? [key, q.limit + 1, from.at] : [key, q.limit + 1],
        )
      : await db.query<Raw>(
          `select * from (
             (select ${COLUMNS} from wallet_trades where wallet_key = $1 and at = $3::bigint ${ORDER} offset $4 limit $2)
             union all
             (select ${COLUMNS} from wallet_trades where wallet_key = $1 and at < $3::bigint ${ORDER} limit $2)
           ) u ${ORDER} limit $2`,
          [key, q.limit + 1, from.at, from.skip],
        );
  const hasMore = fetched.rows.length > q.limit;
  const rows = fetched.rows.slice(0, q.limit);
  const last = rows.at(-1);
  let oldestAt = last ? Number(last.at) : null;
  if (hasMore && last && fetched.rows[q.limit]!.at === last.at) {
    // the page ends inside a millisecond: count its events served so far, this page's and before
    const here = rows.filter((r) => r.at === last.at).length;
    const before = from?.at === oldestAt && from.skip !== null ? from.skip : 0;
    // past SLOTS - 1 events in one millisecond the rest of it is left out rather than looping
    if (before + here < SLOTS) oldestAt = Number(last.at) + (SLOTS - before - here) / SLOTS;
  }
  const [labelOf, rates] = await Promise.all([
    labels(
      q.chain,
      rows.map((r) => r.token_address),
    ),
    evm
      ? Promise.resolve(null)
      : readSwapMinuteRates(
          db,
          q.chain,
          rows.map((r) => Number(r.at)),
        ),
  ]);
  const data = rows.map((r, i): WalletTradeRow => {
    const d = labelOf.get(r.token_address)?.decimals;
    const amountToken = d === null || d === undefined ? null : Number(formatUnits(BigInt(r.amount_token), d));
    const usd = evm ? spotUsd : (rates?.[i] ?? null);
    const volumeNative = r.volume_native === null ? null : Number(r.volume_native);
    const priceNative = r.price_native === null ? null : Number(r.price_native);
    const base = {
      at: Number(r.at),
      chain: q.chain,
      tokenAddress: r.token_address,
      isBuy: r.is_buy,
      amountToken,
      volumeUsd: volumeNative === null || usd === null ? null : volumeNative * usd,
      txHash: r.tx_hash,
    };
    return evm
      ? { ...base, priceNative, volumeNative, block: Number(r.block), logIndex: r.log_index }
      : {
          ...base,
          tokenSymbol: labelOf.get(r.token_address)?.symbol ?? null,
          priceUsd: priceNative === null || usd === null ? null : priceNative * usd,
          maker: q.wallet,
        };
  });
  return evm ? { data, oldestAt } : { data };
}
