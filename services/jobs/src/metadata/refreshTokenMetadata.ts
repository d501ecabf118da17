import type { ChainId } from "@tapeline/core";
import type pg from "pg";
import type { DexPaidProvider } from "./DexPaidProvider.ts";
import { fetchMetadataDocument, type MetadataFetchOptions } from "./fetchMetadataDocument.ts";
import { MetadataFetchError } from "./MetadataFetchError.ts";
import { parseMetadataDocument } from "./parseMetadataDocument.ts";
import { type MetadataGateways, resolveMetadataUrl } from "./resolveMetadataUrl.ts";

export type MetadataRefreshOptions = {
  gateways: MetadataGateways;
  fetch: MetadataFetchOptions;
  /** a fetched document is read again after this long */
  refreshMs: number;
  /** a failed fetch is tried again after this long */
  retryMs: number;
  /** most tokens one run fetches */
  limit: number;
  /** fetches in flight at once; @defaultValue 8 */
  concurrency?: number;
  dexPaid: DexPaidProvider | null;
  now?: () => number;
};

export type MetadataRefreshResult = { checked: number; fetched: number; failed: Record<string, number> };

/**
 * One run of the metadata job: the tokens whose stored metadata URI (`tokens.metadata.uri`,
 * recorded by ingest from Metaplex and Token-2022 metadata and from EVM launchpads' creation
 * events) was never fetched, changed, or is due again, oldest first, fetched through {@link fetchMetadataDocument} (each gateway in turn
 * for ipfs:// and ar://) and merged into `tokens.metadata`: the document's fields and the fetch's
 * status and times. A failing token records why and keeps what an earlier fetch found; no token
 * fails the run. With a dex-paid provider, its answer is merged too.
 */
export async function refreshTokenMetadata(
  db: pg.Pool,
  opts: MetadataRefreshOptions,
): Promise<MetadataRefreshResult> {
  const now = (opts.now ?? Date.now)();
  const due = await db.query<{ chain_id: ChainId; address: string; uri: string }>(
    `select chain_id, address, metadata->>'uri' as uri from tokens
     where metadata ? 'uri'
       and (metadata->>'metadataUri' is distinct from metadata->>'uri'
            or coalesce((metadata->>'metadataCheckedAt')::bigint, 0)
               < $1 - case when metadata->>'metadataStatus' = 'ok' then $2::bigint else $3::bigint end)
     order by coalesce((metadata->>'metadataCheckedAt')::bigint, 0), chain_id, address
     limit $4`,
    [now, opts.refreshMs, opts.retryMs, opts.limit],
  );
  const result: MetadataRefreshResult = { checked: due.rows.length, fetched: 0, failed: {} };
  let next = 0;
  const lane = async () => {
    while (next < due.rows.length) {
      const t = due.rows[next++] as (typeof due.rows)[number];
      const patch: Record<string, unknown> = { metadataUri: t.uri, metadataCheckedAt: now };
      try {
        const doc = await fetchFirst(t.uri, opts);
        Object.assign(patch, parseMetadataDocument(doc, opts.gateways), {
          metadataStatus: "ok",
          metadataFetchedAt: now,
        });
        result.fetched++;
      } catch (err) {
        const failure = err instanceof MetadataFetchError ? err.failure : "NETWORK";
        patch.metadataStatus = failure;
        result.failed[failure] = (result.failed[failure] ?? 0) + 1;
      }
      if (opts.dexPaid) {
        const paid = await opts.dexPaid.lookup(t.chain_id, t.address).catch(() => null);
        if (paid) Object.assign(patch, { dexPaid: paid.dexPaid, dexPaidAt: paid.dexPaidAt });
      }
      await db.query(
        "update tokens set metadata = metadata || $3::jsonb where chain_id = $1 and address = $2",
        [t.chain_id, t.address, JSON.stringify(patch)],
      );
    }
  };
  await Promise.all(Array.from({ length: Math.min(opts.concurrency ?? 8, due.rows.length) }, lane));
  return result;
}

/** The document from the first of the URI's URLs that answers one; the last failure otherwise. */
async function fetchFirst(uri: string, opts: MetadataRefreshOptions): Promise<unknown> {
  const urls = resolveMetadataUrl(uri, opts.gateways);
  let last: unknown = new MetadataFetchError("BAD_URL", "no gateway configured");
  for (const url of urls) {
    try {
      return await fetchMetadataDocument(url, opts.fetch);
    } catch (err) {
      last = err;
      // the document itself is refused (not the gateway): another gateway would serve the same
      if (
        err instanceof MetadataFetchError &&
        ["BAD_JSON", "TOO_LARGE", "BAD_CONTENT_TYPE"].includes(err.failure)
      )
        break;
    }
  }
  throw last;
}
