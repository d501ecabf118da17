import { SOLANA_LAMPORTS_TOKEN } from "@tapeline/core";
import type pg from "pg";
import { createFingerprintSet, type GrowingSet } from "./createFingerprintSet.ts";

/** Rows read per statement. */
const CHUNK = 50_000;

/**
 * The Solana wallets whose lamports are logged (their lamports rows in `token_accounts`), read
 * along the primary key `chunk` rows at a time: there may be tens of millions, never held as one
 * result.
 */
export async function readNativeWallets(db: pg.Pool, chunk = CHUNK): Promise<GrowingSet> {
  const out = createFingerprintSet();
  let after = "";
  while (true) {
    const { rows } = await db.query<{ account: string }>(
      "select account from token_accounts where token_key = $1 and account > $2 order by account limit $3",
      [`solana/${SOLANA_LAMPORTS_TOKEN}`, after, chunk],
    );
    for (const r of rows) out.add(r.account);
    if (rows.length < chunk) return out;
    after = rows[rows.length - 1]!.account;
  }
}
