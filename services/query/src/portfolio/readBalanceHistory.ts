import { type ChainId, SOLANA_LAMPORTS_TOKEN, walletKey } from "@tapeline/core";
import type { MarketDb } from "../market/MarketDb.ts";

/** A wallet's recorded balance of one token after one transaction (raw units). */
export type TimedBalance = { token: string; at: number; balance: bigint };

/**
 * A wallet's recorded balances at the points `from`, `from + stepMs`, ... up to `end` (exclusive,
 * the last point's minute end) from its change log (`wallet_balance_changes`, see "Token
 * balances" in the ingest writer README): each token's balance before `from` (its last change
 * with a block time before it; tokens without one absent) and, of the changes timed in the window,
 * each token's last before each point's minute end (the only one that point sees), ordered by
 * time. Changes without a block time cannot be placed in time and are skipped; the next timed
 * change of the token carries its balance again.
 */
export async function readBalanceHistory(
  db: MarketDb,
  chain: ChainId,
  wallet: string,
  from: number,
  end: number,
  stepMs: number,
): Promise<{ opening: Map<string, bigint>; changes: TimedBalance[] }> {
  const key = walletKey(chain, wallet);
  const [opening, changes] = await Promise.all([
    // one backward index step per token the wallet ever held (both tables keyed by the wallet)
    db.query<{ token_address: string; balance: string }>(
      `select wb.token_address, c.balance::text as balance from wallet_balances wb
       cross join lateral (
         select balance from wallet_balance_changes c
         where c.wallet_key = wb.wallet_key and c.token_address = wb.token_address and c.at < $2
         order by c.block desc, c.seq desc limit 1
       ) c
       where wb.wallet_key = $1`,
      [key, from],
    ),
    // a change counts from the first point whose minute end is after it (its slot)
    db.query<{ token_address: string; at: string; balance: string }>(
      `select token_address, at, balance from (
         select distinct on (token_address, slot) token_address, at, block, seq, balance::text as balance
         from (
           select token_address, at, block, seq, balance,
                  case when at < $2::bigint + 60000 then 0 else (at - $2::bigint - 60000) / $4::bigint + 1 end as slot
           from wallet_balance_changes
           where wallet_key = $1 and at >= $2 and at < $3
         ) c
         order by token_address, slot, block desc, seq desc
       ) last
       order by at, block, seq`,
      [key, from, end, stepMs],
    ),
  ]);
  return {
    opening: new Map(opening.rows.map((r) => [r.token_address, BigInt(r.balance)])),
    changes: changes.rows.map((r) => ({
      token: r.token_address,
      at: Number(r.at),
      balance: BigInt(r.balance),
    })),
  };
}

/** A wallet's current recorded balances (`wallet_balances`), zero balances left out. */
export async function readCurrentBalances(
  db: MarketDb,
  chain: ChainId,
  wallet: string,
): Promise<Map<string, bigint>> {
  const { rows } = await db.query<{ token_address: string; balance: string }>(
    "select token_address, balance::text as balance from wallet_balances where wallet_key = $1 and balance > 0",
    [walletKey(chain, wallet)],
  );
  return new Map(rows.map((r) => [r.token_address, BigInt(r.balance)]));
}

/**
 * Solana: the block time of a wallet's first timed lamports change (the ingest logs a wallet's
 * lamports from the transaction it became native-tracked in); null when none is logged.
 */
export async function readNativeKnownFrom(
  db: MarketDb,
  chain: ChainId,
  wallet: string,
): Promise<number | null> {
  const { rows } = await db.query<{ at: string }>(
    `select at from wallet_balance_changes where wallet_key = $1 and token_address = $2 and at is not null
     order by block, seq limit 1`,
    [walletKey(chain, wallet), SOLANA_LAMPORTS_TOKEN],
  );
  return rows[0] ? Number(rows[0].at) : null;
}
