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
 *
 * The amount is the wallet's own flow of the token in the transaction (what its balances gained
 * on a buy or lost on a sell: the swap row's `received` or `sent`), not what the pools exchanged:
 * a platform fee taken out of the bought tokens, or tokens handed on in the same transaction, never
 * reach the bag. An event whose token the swap row does not list on its side is left out (the
 * pools' tokens went to, or came from, accounts the wallet does not own); an event without a swap
 * row keeps the pools' amount. The fee is split over the events kept.
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
    `with e as (
       select t.token_address, t.is_buy, t.at, t.block, t.log_index, t.tx_hash, t.volume_native, t.amount_token,
              s.fees_native, s.tx_hash is not null as has_swap,
              (select sum((x->>'amount')::numeric)
               from json_array_elements(case when t.is_buy then s.received else s.sent end) x
               where x->>'tokenAddress' = t.token_address) as own_flow
       from wallet_trades t
       left join wallet_swaps s on s.wallet_key = t.wallet_key and s.tx_hash = t.tx_hash and s.at = t.at
       where t.wallet_key = $1
     )
     select token_address, is_buy, at, volume_native, coalesce(own_flow, amount_token) as amount_token,
            fees_native / count(*) over (partition by tx_hash) as fee_native
     from e where not has_swap or own_flow is not null
     order by at, block, log_index, tx_hash, token_address, is_buy`,
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
