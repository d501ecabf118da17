import type { TokenRecord } from "@tapeline/core";
import type pg from "pg";
import { readSolanaTokenAccounts } from "../readSolanaTokenAccounts.ts";
import type { SolanaAccountReader } from "../SolanaAccountReader.ts";
import { SolanaRpcError } from "../source/SolanaRpcError.ts";

export type SolanaTokenNameFillerOptions = {
  reader: SolanaAccountReader;
  db: pg.Pool;
  /** mints read per batch, so a batch of many new tokens does not stall the worker @defaultValue 32 */
  maxPerBatch?: number;
  /** mints remembered as already read @defaultValue 100000 */
  cacheSize?: number;
};

export type SolanaTokenNameFiller = {
  /** Token records read from the accounts of `tokens`' mints still missing a name or symbol. */
  fill(tokens: readonly TokenRecord[]): Promise<TokenRecord[]>;
};

/**
 * Fills Solana tokens that neither the batch nor the database names, from their mint and
 * metadata accounts (`readSolanaTokenAccounts`). Each mint is read once: it is remembered
 * whatever the accounts said, unless the read failed (tried again in a later batch).
 */
export function createSolanaTokenNameFiller(opts: SolanaTokenNameFillerOptions): SolanaTokenNameFiller {
  const maxPerBatch = opts.maxPerBatch ?? 32;
  const cacheSize = opts.cacheSize ?? 100_000;
  const read = new Set<string>();
  const remember = (mint: string): void => {
    read.add(mint);
    // a Set iterates in insertion order: the oldest entry goes first
    if (read.size > cacheSize) read.delete(read.values().next().value as string);
  };

  return {
    async fill(tokens) {
      const named = new Set<string>();
      for (const t of tokens) if (t.name !== null && t.symbol !== null) named.add(t.address);
      const wanted = [
        ...new Set(
          tokens
            .filter((t) => t.chain === "solana" && !named.has(t.address) && !read.has(t.address))
            .map((t) => t.address),
        ),
      ];
      if (wanted.length === 0) return [];
      const stored = await opts.db.query<{ address: string }>(
        "select address from tokens where chain_id = $1 and address = any($2::text[]) and name is not null and symbol is not null",
        ["solana", wanted],
      );
      for (const r of stored.rows) remember(r.address);
      const out: TokenRecord[] = [];
      for (const mint of wanted.filter((m) => !read.has(m)).slice(0, maxPerBatch)) {
        try {
          const t = await readSolanaTokenAccounts(opts.reader, mint);
          remember(mint);
          if (t) out.push(t);
        } catch (err) {
          if (!(err instanceof SolanaRpcError)) throw err;
        }
      }
      return out;
    },
  };
}
