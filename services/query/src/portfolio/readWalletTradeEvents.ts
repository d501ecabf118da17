import type { ChainId } from "@tapeline/core";
import { walletKey } from "@tapeline/core";
import type { MarketDb } from "../market/MarketDb.ts";

/** A wallet trade event with its share of its transaction's fees (native), oldest first. */
export type WalletTradeEvent = {
  token: string;
  isBuy: boolean;
  at: number;
  amount: bigint;
  valueNative: number | null;
  feeNative: number | null;
};

/**
 * Every trade event of a wallet on a chain, oldest first (time, block, log index), with its
 * transaction's fee split evenly over the wallet's trade events of that transaction (a swap of
 * token A for token B is a sell and a buy: each carries half). One statement over the wallet's
 * co-located rows (`wallet_trades` joined to `wallet_swaps` on the wallet key and transaction).
 */
export async function readWalletTradeEvents(
  db: MarketDb,
  chain: ChainId,
  wallet: string,
): Promise<WalletTradeEvent[]> {
  const { rows } = await db.query<{
    token_address: string;
    is_buy: boolean;
    at: string;
    amount_token: string;
    volume_native: string | null;
    fee_native: string | null;
  }>(
    `select t.token_address, t.is_buy, t.at, t.amount_token, t.volume_native,
            s.fees_native / count(*) over (partition by t.tx_hash) as fee_native
     from wallet_trades t
     left join wallet_swaps s on s.wallet_key = t.wallet_key and s.tx_hash = t.tx_hash and s.at = t.at
     where t.wallet_key = $1
     order by t.at, t.block, t.log_index, t.tx_hash, t.token_address, t.is_buy`,
    [walletKey(chain, wallet)],
  );
  return rows.map((r) => ({
    token: r.token_address,
    isBuy: r.is_buy,
    at: Number(r.at),
    amount: BigInt(r.amount_token),
    valueNative: r.volume_native === null ? null : Number(r.volume_native),
    feeNative: r.fee_native === null ? null : Number(r.fee_native),
  }));
}
