import type { NativePrice } from "@tapeline/core";
import type { MarketDb } from "./MarketDb.ts";

/** A native price older than this is served with `stale: true`. */
export const NATIVE_PRICE_STALE_MS = 5 * 60_000;

// Symbols of well-known chains, for chains the store lists prices for but has no chain row.
const KNOWN_SYMBOLS: Record<string, string> = {
  solana: "SOL",
  "evm:1": "ETH",
  "evm:10": "ETH",
  "evm:8453": "ETH",
  "evm:42161": "ETH",
  "evm:56": "BNB",
  "evm:137": "POL",
  "evm:43114": "AVAX",
  "evm:31337": "ETH",
};

/**
 * The latest native/USD price of every chain that has one, keyed by chain id: symbol, price,
 * source, freshness (`updatedAt` is the minute of the latest price; `stale` past five minutes).
 * Chains with no price at all are left out. The chain list is walked as a loose index scan over
 * the primary key, so the cost grows with the number of chains, not of stored minutes.
 */
export async function readNativePrices(db: MarketDb, nowMs: number): Promise<Record<string, NativePrice>> {
  const { rows } = await db.query<{
    chain_id: string;
    price_usd: string;
    source: string;
    minute: string;
    symbol: string | null;
  }>(
    `with recursive ch as (
       (select chain_id from native_prices order by chain_id limit 1)
       union all
       select (select np.chain_id from native_prices np where np.chain_id > ch.chain_id order by np.chain_id limit 1)
       from ch where ch.chain_id is not null
     )
     select ch.chain_id, x.price_usd, x.source, x.minute, c.native_symbol as symbol
     from ch
     cross join lateral (select np.price_usd, np.source, np.minute from native_prices np
                         where np.chain_id = ch.chain_id order by np.minute desc limit 1) x
     left join chains c on c.chain_id = ch.chain_id
     where ch.chain_id is not null
     order by ch.chain_id`,
  );
  const out: Record<string, NativePrice> = {};
  for (const r of rows) {
    const updatedAt = Number(r.minute);
    out[r.chain_id] = {
      symbol: r.symbol ?? KNOWN_SYMBOLS[r.chain_id] ?? "NATIVE",
      priceUsd: Number(r.price_usd),
      source: r.source,
      stale: nowMs - updatedAt > NATIVE_PRICE_STALE_MS,
      updatedAt,
    };
  }
  return out;
}
