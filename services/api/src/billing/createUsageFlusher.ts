import { randomBytes } from "node:crypto";
import { withTransaction } from "@tapeline/core";
import type pg from "pg";
import type { Logger } from "pino";
import type { BillingStore } from "./createBillingStore.ts";
import type { BillingConfig } from "./loadBillingConfig.ts";
import { parseUsageField } from "./parseUsageField.ts";

export type UsageFlusher = {
  /** One pass: sweep stale reservations, write usage buckets and month snapshots to Postgres. */
  flush(): Promise<{ buckets: number; months: number; swept: number }>;
  /** Flushes every `usageFlushIntervalMs` until stopped. */
  start(): void;
  /** Stops the timer and runs a last flush. */
  stop(): Promise<void>;
};

type Row = {
  accountId: string;
  keyId: string;
  endpoint: string;
  bucket: number;
  r: number;
  c: number;
  e: number;
};

/** Flush ids are `<account>:<bucketStart>:<random>`; readers parse the account and bucket back. */
function newFlushId(accountId: string, bucket: string): string {
  return `${accountId}:${bucket}:${randomBytes(6).toString("hex")}`;
}

function rowsOf(flushId: string, contents: Record<string, string>): Row[] {
  const [accountId, bucket] = flushId.split(":") as [string, string];
  const byCell = new Map<string, Row>();
  for (const [field, value] of Object.entries(contents)) {
    const f = parseUsageField(field);
    if (!f) continue;
    const id = `${f.keyId}|${f.endpoint}`;
    let row = byCell.get(id);
    if (!row) {
      row = { accountId, keyId: f.keyId, endpoint: f.endpoint, bucket: Number(bucket), r: 0, c: 0, e: 0 };
      byCell.set(id, row);
    }
    row[f.field] += Number(value);
  }
  return [...byCell.values()];
}

/**
 * Moves usage counters from Redis to Postgres. Each pending bucket hash is renamed away in one
 * script (settles then start a new hash), written in a transaction that also records its flush
 * id, and only then confirmed; a flush retried after a crash finds its id and adds nothing twice.
 * Month counters and carry-over balances are snapshotted into `account_months` and `accounts`.
 */
export function createUsageFlusher(deps: {
  store: BillingStore;
  pg: pg.Pool;
  config: BillingConfig;
  logger: Logger;
}): UsageFlusher {
  const { store, pg, config, logger } = deps;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<{ buckets: number; months: number; swept: number }> | null = null;

  /** Writes flushes in one transaction; returns the ids written now (others were written before). */
  async function write(flushes: { id: string; contents: Record<string, string> }[]): Promise<void> {
    if (flushes.length === 0) return;
    await withTransaction(pg, async (client) => {
      const now = Date.now();
      const inserted = await client.query<{ flush_id: string }>(
        `insert into usage_flushes (flush_id, account_id, at)
           select id, split_part(id, ':', 1), $2 from unnest($1::text[]) as id
         on conflict do nothing returning flush_id`,
        [flushes.map((f) => f.id), now],
      );
      const fresh = new Set(inserted.rows.map((r) => r.flush_id));
      const merged = new Map<string, Row>();
      for (const f of flushes) {
        if (!fresh.has(f.id)) continue;
        for (const row of rowsOf(f.id, f.contents)) {
          const id = `${row.accountId}|${row.keyId}|${row.endpoint}|${row.bucket}`;
          const m = merged.get(id);
          if (m) {
            m.r += row.r;
            m.c += row.c;
            m.e += row.e;
          } else merged.set(id, { ...row });
        }
      }
      const rows = [...merged.values()];
      if (rows.length > 0) {
        await client.query(
          `insert into usage_buckets (account_id, key_id, endpoint, bucket_start, requests, credits, errors)
             select * from unnest($1::text[], $2::text[], $3::text[], $4::bigint[], $5::bigint[], $6::bigint[], $7::bigint[])
           on conflict (account_id, key_id, endpoint, bucket_start) do update set
             requests = usage_buckets.requests + excluded.requests,
             credits = usage_buckets.credits + excluded.credits,
             errors = usage_buckets.errors + excluded.errors`,
          [
            rows.map((r) => r.accountId),
            rows.map((r) => r.keyId),
            rows.map((r) => r.endpoint),
            rows.map((r) => r.bucket),
            rows.map((r) => r.r),
            rows.map((r) => r.c),
            rows.map((r) => r.e),
          ],
        );
      }
      // Flush ids only guard against repeats of recent flushes; old ones can go.
      await client.query("delete from usage_flushes where at < $1", [now - 86_400_000]);
    });
    for (const f of flushes) await store.confirmFlush(f.id);
  }

  async function snapshotMonths(): Promise<number> {
    const dirty = await store.takeDirtyMonths();
    for (const { accountId, month } of dirty) {
      try {
        const c = await store.monthCounters(accountId, month);
        const now = Date.now();
        await pg.query(
          `insert into account_months (account_id, month, used, paid, requests, updated_at)
             values ($1, $2, $3, $4, $5, $6)
           on conflict (account_id, month) do update set used = excluded.used, paid = excluded.paid,
             requests = excluded.requests, updated_at = excluded.updated_at`,
          [accountId, month, c.used, c.paid, c.requests, now],
        );
        if (c.carryOver !== null) {
          await pg.query("update accounts set credits_left = $2, updated_at = $3 where id = $1", [
            accountId,
            c.carryOver,
            now,
          ]);
        }
        await config.provider.reportUsage({
          accountId,
          month,
          paidCredits: c.paid,
          amountNanoUsd: BigInt(c.paid) * config.priceNanoUsdPerCredit,
        });
      } catch (err) {
        await store.markDirty(accountId, month);
        throw err;
      }
    }
    return dirty.length;
  }

  async function pass(): Promise<{ buckets: number; months: number; swept: number }> {
    const swept = await store.sweepReservations();
    const leftovers = await store.unconfirmedFlushes();
    const flushes: { id: string; contents: Record<string, string> }[] = [];
    for (const id of leftovers) flushes.push({ id, contents: await store.flushedContents(id) });
    for (const member of await store.pendingUsage()) {
      const [accountId, bucket] = member.split(":") as [string, string];
      const id = newFlushId(accountId, bucket);
      const contents = await store.takeUsage(accountId, bucket, id);
      if (contents) flushes.push({ id, contents });
    }
    await write(flushes);
    const months = await snapshotMonths();
    return { buckets: flushes.length, months, swept };
  }

  function flush() {
    // One pass at a time per process; a caller arriving mid-pass waits for it and then runs its own.
    const run = (running ?? Promise.resolve()).catch(() => {}).then(pass);
    running = run;
    return run.finally(() => {
      if (running === run) running = null;
    });
  }

  return {
    flush,
    start() {
      if (timer) return;
      timer = setInterval(() => {
        flush().catch((err) =>
          logger.error({ err }, "usage flush failed; counters stay in Redis for the next pass"),
        );
      }, config.usageFlushIntervalMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await flush().catch((err) => logger.error({ err }, "last usage flush failed; counters stay in Redis"));
    },
  };
}
