import { type ChainId, NotFoundError } from "@tapeline/core";
import type { MarketDb } from "../market/MarketDb.ts";

/**
 * The deployer of a token: the creator of its launchpad market (its first, when several), else
 * the token's recorded deployer (EVM: the creating transaction's sender, or the launchpad
 * factory call's; Solana: the mint's creating fee payer), never a migration's sender; null when
 * unknown.
 * @throws NotFoundError when neither the token nor a market of it is stored
 */
export async function resolveDeployer(db: MarketDb, chain: ChainId, token: string): Promise<string | null> {
  const [tok, markets] = await Promise.all([
    db.query<{ deployer: string | null }>(
      "select deployer from tokens where chain_id = $1 and address = $2",
      [chain, token],
    ),
    db.query<{ creator: string | null; is_launchpad: boolean }>(
      `select creator, is_launchpad from token_markets where token_key = $1
       order by created_at asc nulls last, address`,
      [`${chain}/${token}`],
    ),
  ]);
  if (tok.rows.length === 0 && markets.rows.length === 0)
    throw new NotFoundError(`no token ${token} on ${chain}`);
  const launchpad = markets.rows.find((m) => m.is_launchpad && m.creator !== null);
  return launchpad?.creator ?? tok.rows[0]?.deployer ?? null;
}
