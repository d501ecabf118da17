import { SOLANA_LAMPORTS_TOKEN } from "@tapeline/core";
import type pg from "pg";
import { createFingerprintSet, type GrowingSet } from "./createFingerprintSet.ts";

/** Rows read per statement. */
const CHUNK = 50_000;

/**
 * The keys a keyset statement lists (`$1` the scope, `$2` the last key read, `$3` the chunk size;
 * its one column `k`, in order), `chunk` rows at a time: there may be tens of millions, never held
 * as one result.
 */
async function readKeys(db: pg.Pool, text: string, scope: string, chunk: number): Promise<GrowingSet> {
  const out = createFingerprintSet();
  let after = "";
  while (true) {
    const { rows } = await db.query<{ k: string }>(text, [scope, after, chunk]);
    for (const r of rows) out.add(r.k);
    if (rows.length < chunk) return out;
    after = rows[rows.length - 1]!.k;
  }
}

/** The Solana wallets whose lamports are logged: their lamports rows in `token_accounts`. */
export function readNativeWallets(db: pg.Pool, chunk = CHUNK): Promise<GrowingSet> {
  return readKeys(
    db,
    "select account as k from token_accounts where token_key = $1 and account > $2 order by account limit $3",
    `solana/${SOLANA_LAMPORTS_TOKEN}`,
    chunk,
  );
}

/** The Solana tokens whose balances are kept (every token with a market): their `token_holder_stats` rows. */
export function readTrackedTokens(db: pg.Pool, chunk = CHUNK): Promise<GrowingSet> {
  return readKeys(
    db,
    `select token_address as k from token_holder_stats where chain_id = $1 and token_address > $2
     order by token_address limit $3`,
    "solana",
    chunk,
  );
}
