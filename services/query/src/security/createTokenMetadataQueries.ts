import { NotFoundError, type TokenMetadataQueries } from "@tapeline/core";
import type { MarketDb } from "../market/MarketDb.ts";
import { toTokenMetadata } from "../market/readTokenFacts.ts";

const num = (v: unknown): number | null => (typeof v === "number" && Number.isFinite(v) ? v : null);
const str = (v: unknown): string | null => (typeof v === "string" && v.length > 0 ? v : null);

/**
 * Token metadata as the metadata job stored it in `tokens.metadata` (the same block the token
 * snapshot serves), with the recorded URI and the last fetch's time and outcome.
 */
export function createTokenMetadataQueries(db: MarketDb): TokenMetadataQueries {
  return {
    async tokenMetadata({ chain, address }) {
      const { rows } = await db.query<{ metadata: Record<string, unknown> | null }>(
        "select metadata from tokens where chain_id = $1 and address = $2",
        [chain, address],
      );
      const row = rows[0];
      if (!row) throw new NotFoundError(`token ${address} is not known on ${chain}`);
      const m = row.metadata ?? {};
      return {
        chain,
        address,
        uri: str(m.uri),
        ...toTokenMetadata(m),
        fetchedAt: num(m.metadataFetchedAt),
        status: str(m.metadataStatus),
      };
    },
  };
}
