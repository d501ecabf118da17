import type { ChainId, TokenMetadata } from "@tapeline/core";
import type { MarketDb } from "./MarketDb.ts";

/** A stored token and the figures its snapshot draws from beyond its markets. */
export type TokenFacts = {
  name: string | null;
  symbol: string | null;
  decimals: number | null;
  totalSupply: string | null;
  deployer: string | null;
  createdAt: number | null;
  /** creation block (Solana: slot), a tie-break of deploy order within one second */
  createdBlock: string | null;
  bestPool: string | null;
  metadata: Record<string, unknown>;
};

/** Reads a token row; null when the token is not stored. */
export async function readTokenFacts(
  db: MarketDb,
  chain: ChainId,
  address: string,
): Promise<TokenFacts | null> {
  const { rows } = await db.query(
    `select name, symbol, decimals, total_supply, deployer, created_at, created_block, best_pool, metadata
     from tokens where chain_id = $1 and address = $2`,
    [chain, address],
  );
  const r = rows[0];
  if (!r) return null;
  return {
    name: r.name,
    symbol: r.symbol,
    decimals: r.decimals,
    totalSupply: r.total_supply,
    deployer: r.deployer,
    createdAt: r.created_at === null ? null : Number(r.created_at),
    createdBlock: r.created_block,
    bestPool: r.best_pool,
    metadata: r.metadata ?? {},
  };
}

const str = (v: unknown): string | null => (typeof v === "string" && v.length > 0 ? v : null);

/** The served metadata block of a token from its stored metadata document (unknown stays null). */
export function toTokenMetadata(m: Record<string, unknown>): TokenMetadata {
  const dexPaidAt = typeof m.dexPaidAt === "number" && Number.isFinite(m.dexPaidAt) ? m.dexPaidAt : null;
  return {
    iconUrl: str(m.iconUrl),
    headerUrl: str(m.headerUrl),
    websiteUrl: str(m.websiteUrl),
    twitterUrl: str(m.twitterUrl),
    telegramUrl: str(m.telegramUrl),
    discordUrl: str(m.discordUrl),
    description: str(m.description),
    dexPaid: typeof m.dexPaid === "boolean" ? m.dexPaid : null,
    dexPaidAt,
  };
}
