import {
  formatUnits,
  InvalidParamError,
  isEvm,
  type WalletTradePage,
  type WalletTradeQuery,
  type WalletTradeRow,
  walletKey,
} from "@tapeline/core";
import type { MarketDb } from "../market/MarketDb.ts";
import { readSwapMinuteRates } from "./readSwapMinuteRates.ts";
import { readTokenLabels } from "./readTokenLabels.ts";

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
// The most trade events one millisecond of a wallet's history can hold on a page.
const MAX_SAME_AT = 1000;

/**
 * A wallet's trade events, newest first. `beforeAt` (EVM only) is the keyset: a full page never
 * ends inside a millisecond that has more events beyond it (they go to the next page), so
 * passing `oldestAt` as the next `beforeAt` skips nothing; a page made only of one millisecond
 * holds all of its events. Fields per family: EVM `priceNative`, `volumeNative`, `block`,
 * `logIndex` and `meta.oldestAt`, USD at `spotUsd`; Solana `tokenSymbol`, `priceUsd`, `maker`,
 * USD at the SOL/USD of each trade's minute.
 * @throws InvalidParamError for `beforeAt` on Solana.
 */
export async function readWalletTradePage(
  db: MarketDb,
  q: WalletTradeQuery,
  spotUsd: number | null,
): Promise<WalletTradePage> {
  const evm = isEvm(q.chain);
  if (!evm && q.beforeAt !== null)
    throw new InvalidParamError("beforeAt", "beforeAt is served on EVM chains only");
  const key = walletKey(q.chain, q.wallet);
  const params: unknown[] = [key, q.limit + 1];
  let where = "wallet_key = $1";
  if (q.beforeAt !== null) {
    params.push(q.beforeAt);
    where += " and at < $3::bigint";
  }
  let rows = (
    await db.query<Raw>(`select ${COLUMNS} from wallet_trades where ${where} ${ORDER} limit $2`, params)
  ).rows;
  if (rows.length > q.limit) {
    const edge = rows[q.limit - 1]!.at;
    const page = rows.slice(0, q.limit);
    if (rows[q.limit]!.at === edge) {
      const before = page.filter((r) => r.at !== edge);
      rows =
        before.length > 0
          ? before
          : (
              await db.query<Raw>(
                `select ${COLUMNS} from wallet_trades where wallet_key = $1 and at = $2 ${ORDER} limit $3`,
                [key, edge, MAX_SAME_AT],
              )
            ).rows;
    } else rows = page;
  }
  const [labels, rates] = await Promise.all([
    readTokenLabels(
      db,
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
    const d = labels.get(r.token_address)?.decimals;
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
          tokenSymbol: labels.get(r.token_address)?.symbol ?? null,
          priceUsd: priceNative === null || usd === null ? null : priceNative * usd,
          maker: q.wallet,
        };
  });
  return evm ? { data, oldestAt: rows.length > 0 ? Number(rows.at(-1)!.at) : null } : { data };
}
