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
  /**
   * The token's rank among the chain's tokens sharing its symbol (case-insensitive) by deploy
   * order (creation time, then block, then address; unknown times last), 1 for the first; null
   * when it has no symbol.
   */
  symbolRank: number | null;
};

/** Deploy order of a token row `x`: unknown creation times and blocks sort last. */
const deployOrder = (x: string) =>
  `(coalesce(${x}.created_at, 9223372036854775807), coalesce(${x}.created_block, 9223372036854775807), ${x}.address)`;

/**
 * SQL of a token row `k` and its symbol rank (both from `tokens`, a reference table on Citus, the
 * rank counted on `tokens_symbol_rank`), for the token `chain`, `address` (parameter references).
 */
export const tokenFactsSql = (chain: string, address: string) =>
  `select k.name, k.symbol, k.decimals, k.total_supply, k.deployer, k.created_at, k.created_block, k.best_pool,
            k.metadata,
            case when k.symbol is not null then
              (select count(*) from tokens o
               where o.chain_id = k.chain_id and lower(o.symbol) = lower(k.symbol) and o.address <> k.address
                 and ${deployOrder("o")} < ${deployOrder("k")}) + 1 end as symbol_rank
     from tokens k where k.chain_id = ${chain} and k.address = ${address}`;

/** Maps a row of {@link tokenFactsSql}. */
// biome-ignore lint/suspicious/noExplicitAny: a raw pg row
export function toTokenFacts(r: any): TokenFacts {
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
    symbolRank: r.symbol_rank === null ? null : Number(r.symbol_rank),
  };
}

/** Reads a token row and its symbol rank in one statement; null when the token is not stored. */
export async function readTokenFacts(
  db: MarketDb,
  chain: ChainId,
  address: string,
): Promise<TokenFacts | null> {
  const { rows } = await db.query(tokenFactsSql("$1", "$2"), [chain, address]);
  return rows[0] ? toTokenFacts(rows[0]) : null;
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
