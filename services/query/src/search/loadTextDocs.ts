import type { ChainId } from "@tapeline/core";
import type { MarketDb } from "../market/MarketDb.ts";
import { readUsdRates } from "../market/readUsdRates.ts";
import type { TextDoc } from "./createTextIndex.ts";

/** Rows read per round trip while loading, so a large store is streamed in bounded pages. */
const PAGE = 50_000;

/**
 * Every stored token with a symbol or a name, with its activity for ranking: the USD liquidity
 * of its deepest market (native liquidity at the chain's latest native/USD minute; null when
 * either is unknown). Tokens are read in pages by key; the liquidity comes from one grouped read
 * of the markets (on Citus every shard groups its own rows).
 */
export async function loadTextDocs(db: MarketDb, nowMs: number): Promise<TextDoc[]> {
  const chains = await db.query<{ chain_id: ChainId }>("select chain_id from chains");
  const rates = new Map<string, number | null>();
  for (const c of chains.rows) {
    rates.set(c.chain_id, (await readUsdRates(db, c.chain_id, [{ atMs: nowMs, notBeforeMs: 0 }]))[0] ?? null);
  }
  const liq = await db.query<{ chain_id: string; token_address: string; liq: string | null }>(
    `select chain_id, token_address, max(liquidity_native) as liq from pools
     where liquidity_native is not null group by chain_id, token_address`,
  );
  const liquidityOf = new Map<string, number>();
  for (const r of liq.rows) {
    const rate = rates.get(r.chain_id) ?? null;
    if (r.liq !== null && rate !== null)
      liquidityOf.set(`${r.chain_id}/${r.token_address}`, Number(r.liq) * rate);
  }
  const docs: TextDoc[] = [];
  let after: [string, string] = ["", ""];
  for (;;) {
    const { rows } = await db.query<{
      chain_id: string;
      address: string;
      name: string | null;
      symbol: string | null;
      created_at: string | null;
    }>(
      `select chain_id, address, name, symbol, created_at from tokens
       where (chain_id, address) > ($1, $2) and (symbol is not null or name is not null)
       order by chain_id, address limit ${PAGE}`,
      after,
    );
    for (const r of rows) {
      docs.push({
        chain: r.chain_id,
        address: r.address,
        name: r.name,
        symbol: r.symbol,
        liquidityUsd: liquidityOf.get(`${r.chain_id}/${r.address}`) ?? null,
        createdAt: r.created_at === null ? null : Number(r.created_at),
      });
    }
    const last = rows.at(-1);
    if (!last || rows.length < PAGE) return docs;
    after = [last.chain_id, last.address];
  }
}
