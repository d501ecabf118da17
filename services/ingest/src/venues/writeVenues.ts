import type { ChainId } from "@tapeline/core";
import type pg from "pg";

/** One row of the `venues` registry: what the pools of a factory (EVM) or program (Solana) are. */
export type VenueRow = {
  chain: ChainId;
  /** the factory or V4 PoolManager address (EVM), the program id (Solana) */
  factory: string;
  venueType: string;
  /** display name, e.g. "Uniswap V3" */
  exchangeName: string;
  /** https URL of the venue's logo when configured; null otherwise (none are built in) */
  logoUrl: string | null;
  feeBps: number | null;
  launchpad: string | null;
};

/**
 * Upserts the venues an ingest worker knows into the `venues` registry, which the market reads
 * join for `exchange.name` and `exchange.logo`. A logo set in the table by hand is kept when the
 * worker has none for that venue; everything else follows the worker's registry.
 */
export async function writeVenues(db: pg.Pool | pg.PoolClient, rows: readonly VenueRow[]): Promise<void> {
  if (rows.length === 0) return;
  const unique = [...new Map(rows.map((r) => [`${r.chain}/${r.factory}`, r])).values()];
  await db.query(
    `insert into venues as v (chain_id, factory, venue_type, exchange_name, logo_url, fee_bps, launchpad)
     select * from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::int[], $7::text[])
     on conflict (chain_id, factory) do update set
       venue_type = excluded.venue_type,
       exchange_name = excluded.exchange_name,
       logo_url = coalesce(excluded.logo_url, v.logo_url),
       fee_bps = excluded.fee_bps,
       launchpad = excluded.launchpad
     where (v.venue_type, v.exchange_name, v.logo_url, v.fee_bps, v.launchpad)
       is distinct from (excluded.venue_type, excluded.exchange_name, coalesce(excluded.logo_url, v.logo_url),
                         excluded.fee_bps, excluded.launchpad)`,
    [
      unique.map((r) => r.chain),
      unique.map((r) => r.factory),
      unique.map((r) => r.venueType),
      unique.map((r) => r.exchangeName),
      unique.map((r) => r.logoUrl),
      unique.map((r) => r.feeBps),
      unique.map((r) => r.launchpad),
    ],
  );
}
