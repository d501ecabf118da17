import { withTransaction } from "@tapeline/core";
import type pg from "pg";
import type { BillingStore } from "./createBillingStore.ts";

/** Requests (REST calls, or delivered events for stream channels), credits charged, and non-2xx answers. */
export type UsageTotals = { requests: number; credits: number; errors: number };

/** Granularity of stored usage: 15 minutes. */
export const USAGE_BUCKET_MS = 900_000;

/**
 * Usage of one account (optionally one key) over `[from, to)`, grouped by time bucket (start
 * time, `bucketMs` aligned to the unix epoch, so days are UTC days) or by endpoint.
 *
 * Exact even while the flusher runs: Postgres is read first in one snapshot (rows plus the ids
 * of flushes already committed), then Redis in one script (live counters plus flushed hashes
 * kept a minute after their commit); a Redis flush hash counts only when its id was not yet
 * committed in that snapshot.
 */
export async function readUsageTotals(
  deps: { store: BillingStore; pg: pg.Pool },
  q: {
    accountId: string;
    keyId: string | null;
    from: number;
    to: number;
    groupBy: "bucket" | "endpoint";
    bucketMs?: number;
  },
): Promise<Map<string, UsageTotals>> {
  const bucketMs = q.bucketMs ?? USAGE_BUCKET_MS;
  const totals = new Map<string, UsageTotals>();
  const add = (group: string, t: Partial<UsageTotals>) => {
    let cur = totals.get(group);
    if (!cur) {
      cur = { requests: 0, credits: 0, errors: 0 };
      totals.set(group, cur);
    }
    cur.requests += t.requests ?? 0;
    cur.credits += t.credits ?? 0;
    cur.errors += t.errors ?? 0;
  };

  const committed = await withTransaction(
    deps.pg,
    async (client) => {
      const byBucket = q.groupBy === "bucket";
      const { rows } = await client.query<{ g: string; r: string; c: string; e: string }>(
        `select ${byBucket ? "(bucket_start - bucket_start % $5::bigint)::text" : "endpoint"} as g, sum(requests) as r, sum(credits) as c, sum(errors) as e
         from usage_buckets
        where account_id = $1 and ($2::text is null or key_id = $2) and bucket_start >= $3 and bucket_start < $4
        group by g`,
        [q.accountId, q.keyId, q.from, q.to, ...(byBucket ? [bucketMs] : [])],
      );
      for (const r of rows) add(r.g, { requests: Number(r.r), credits: Number(r.c), errors: Number(r.e) });
      const flushed = await client.query<{ flush_id: string }>(
        "select flush_id from usage_flushes where account_id = $1 and at > $2",
        [q.accountId, Date.now() - 600_000],
      );
      return new Set(flushed.rows.map((r) => r.flush_id));
    },
    { begin: "begin isolation level repeatable read read only" },
  );

  for (const cell of await deps.store.readLiveUsage(q.accountId)) {
    if (cell.flushId !== null && committed.has(cell.flushId)) continue;
    if (q.keyId !== null && cell.keyId !== q.keyId) continue;
    if (cell.bucketStart < q.from || cell.bucketStart >= q.to) continue;
    const group =
      q.groupBy === "bucket" ? String(cell.bucketStart - (cell.bucketStart % bucketMs)) : cell.endpoint;
    add(group, {
      requests: cell.field === "r" ? cell.value : 0,
      credits: cell.field === "c" ? cell.value : 0,
      errors: cell.field === "e" ? cell.value : 0,
    });
  }
  return totals;
}
