import type { Redis } from "ioredis";
import type pg from "pg";
import {
  ADMIT_LUA,
  EXTEND_LUA,
  LOAD_ACCOUNT_LUA,
  LOAD_KEY_LUA,
  READ_LIVE_USAGE_LUA,
  REFRESH_KEY_LUA,
  SETTLE_BATCH_LUA,
  SETTLE_LUA,
  SWEEP_LUA,
  TAKE_USAGE_LUA,
} from "./billingScripts.ts";
import { createScript } from "./createScript.ts";
import { createScriptPipeline } from "./createScriptPipeline.ts";
import type { BillingConfig } from "./loadBillingConfig.ts";
import { monthlyAllowanceCredits } from "./monthlyAllowanceCredits.ts";
import { monthOf } from "./monthOf.ts";
import { parseUsageField } from "./parseUsageField.ts";

/** What one admit decision asks Redis. */
export type AdmitArgs = {
  keyHash: string;
  reservationId: string;
  endpoint: string;
  /** Credits to reserve (0 for zero-credit endpoints). */
  cost: number;
  billable: boolean;
  batch: boolean;
  items: number;
  group: string;
  /** Streams authenticate and bill without request rate limits. */
  skipRate: boolean;
};

export type AdmitOutcome = "ok" | "invalid" | "limited" | "suspended" | "state" | "nocredit";

/** The decision: outcome, rate-limit figures and credits left (-1 when not computed). */
export type AdmitReply = {
  outcome: AdmitOutcome;
  keyId: string;
  accountId: string;
  rpm: number;
  minuteRemaining: number;
  minuteResetMs: number;
  burst: number;
  burstRemaining: number;
  retryMs: number;
  creditsRemaining: number;
  /** The billing state on `state`; on `nocredit` whether a payment method is on file and the plan. */
  state: string;
  /** On `ok` for a billable call: the reservation to hand to settle ('' otherwise). */
  reservation: string;
  paymentMethod: boolean;
  plan: string;
  month: string;
};

/** One settle whose reservation covers its charge (see `settleCovered`). */
export type CoveredSettle = {
  /** The reservation admit returned, or null for a call that reserved nothing. */
  reservation: string | null;
  status: number;
  /** Credits a 2xx is charged: at most the reserved cost. */
  cost: number;
  endpoint: string;
  keyId: string;
  accountId: string;
  /** Requests to record: 1 (the default), or the events of a stream charge. */
  requests?: number;
};

export type SettleReply = { outcome: "ok" | "quota" | "gone"; creditsRemaining: number; charged: number };

/** Live account figures for the current month. */
export type AccountFigures = {
  state: string;
  suspended: boolean;
  plan: string;
  paymentMethod: boolean;
  month: string;
  /** Carry-over credits left (free grant plus grants). */
  carryOver: number;
  /** This month's billing allowance, in credits. */
  allowance: number;
  /** Credits billed against the allowance this month. */
  paid: number;
  /** Credits used this month, carry-over and allowance together. */
  used: number;
  requests: number;
  /** Credits usable now: carry-over plus what is left of the allowance. */
  remaining: number;
};

/** One usage cell read from Redis: not yet in Postgres, or flushed under `flushId`. */
export type LiveUsageCell = {
  flushId: string | null;
  bucketStart: number;
  keyId: string;
  endpoint: string;
  field: "r" | "c" | "e";
  value: number;
};

/** Key record fields cached in Redis. */
export type KeyLimits = {
  ratePerMinute: number | null;
  burstPerSecond: number | null;
  groupCaps: Record<string, number> | null;
  /** The restricted screener stream channels are open to this key. */
  screenerStreams: boolean;
};

export type BillingStore = ReturnType<typeof createBillingStore>;

type AccountRow = {
  id: string;
  state: string;
  suspended: boolean;
  plan: string;
  spend_cap_cents: string;
  contract_credits: string | null;
  payment_method: string | null;
  credits_left: string;
};

/** How long a revoked hash is refused from Redis alone; after that Postgres says the same. */
const REVOKED_TTL_SECONDS = 86_400;
/**
 * How long a covered settle is retried through a Redis outage, and how long the sweep keeps the
 * trace of a reservation it gave back, both in reservation timeouts: the last retry of a settle
 * lands while its reservation or its trace is still there, so a served call is charged once.
 */
export const SETTLE_RETRY_TIMEOUTS = 2;
const SWEPT_KEPT_TIMEOUTS = 4;

/**
 * The Redis side of billing, with Postgres as the cold store it loads from: one script per
 * decision, loaders that never overwrite fresher Redis state, and the account setters the portal
 * and admin CLI call after writing Postgres.
 */
export function createBillingStore(deps: { redis: Redis; pg: pg.Pool; config: BillingConfig }) {
  const { redis, pg, config } = deps;
  const P = config.redisPrefix;
  // The per-request scripts share one pipeline per event-loop turn; the rest run on their own.
  const pipeline = createScriptPipeline(redis);
  const admitScript = pipeline.bind(ADMIT_LUA);
  const settleScript = pipeline.bind(SETTLE_LUA);
  const settleBatchScript = pipeline.bind(SETTLE_BATCH_LUA);
  const extendScript = pipeline.bind(EXTEND_LUA);
  const sweepScript = createScript(redis, SWEEP_LUA);
  const takeUsageScript = createScript(redis, TAKE_USAGE_LUA);
  const readLiveScript = createScript(redis, READ_LIVE_USAGE_LUA);
  const loadAccountScript = createScript(redis, LOAD_ACCOUNT_LUA);
  const loadKeyScript = createScript(redis, LOAD_KEY_LUA);
  const refreshKeyScript = createScript(redis, REFRESH_KEY_LUA);
  const keysComplete = `${P}keys:complete`;
  const keyRecord = (hash: string) => `${P}key:${hash}`;
  const acctKey = (id: string) => `${P}acct:${id}`;
  const monthKey = (id: string, month: string) => `${P}m:${id}:${month}`;

  function keyFields(id: string, accountId: string, limits: KeyLimits): string[] {
    const f = ["id", id, "acct", accountId];
    if (limits.ratePerMinute !== null) f.push("rpm", String(limits.ratePerMinute));
    if (limits.burstPerSecond !== null) f.push("burst", String(limits.burstPerSecond));
    for (const [group, cap] of Object.entries(limits.groupCaps ?? {})) f.push(`g:${group}`, String(cap));
    if (limits.screenerStreams) f.push("scr", "1");
    return f;
  }

  // Concurrent requests missing the same key or account share one load (no thundering herd on Postgres).
  const loading = new Map<string, Promise<boolean>>();
  function singleFlight(id: string, load: () => Promise<boolean>): Promise<boolean> {
    let p = loading.get(id);
    if (!p) {
      p = load().finally(() => loading.delete(id));
      loading.set(id, p);
    }
    return p;
  }

  /**
   * A key whose record is not in Redis: invalid at once when every active key is known to be there,
   * else loaded from Postgres (false when unknown or revoked), and every key loaded meanwhile.
   */
  async function loadKey(hash: string): Promise<boolean> {
    if ((await redis.exists(keysComplete)) === 1) return false;
    void loadAllKeys().catch(() => {});
    return singleFlight(`key:${hash}`, () => loadKeyNow(hash));
  }

  /**
   * Puts every active key's record into Redis (records and tombstones already there win) and then
   * marks the set complete, so an unknown key costs no Postgres query and writes nothing. Keys
   * created meanwhile are cached by their creation; a Redis that lost its data lost the mark too.
   */
  function loadAllKeys(): Promise<boolean> {
    return singleFlight("keys:all", async () => {
      const { rows } = await pg.query<{
        id: string;
        account_id: string;
        secret_hash: string;
        rate_per_minute: number | null;
        burst_per_second: number | null;
        group_caps: Record<string, number> | null;
        screener_streams: boolean;
      }>(
        `select id, account_id, secret_hash, rate_per_minute, burst_per_second, group_caps, screener_streams
           from api_keys where revoked_at is null`,
      );
      await Promise.all(
        rows.map((row) =>
          loadKeyScript(
            [keyRecord(row.secret_hash)],
            keyFields(row.id, row.account_id, {
              ratePerMinute: row.rate_per_minute,
              burstPerSecond: row.burst_per_second,
              groupCaps: row.group_caps,
              screenerStreams: row.screener_streams,
            }),
          ),
        ),
      );
      await redis.set(keysComplete, "1");
      return true;
    });
  }

  async function loadKeyNow(hash: string): Promise<boolean> {
    const { rows } = await pg.query<{
      id: string;
      account_id: string;
      revoked_at: string | null;
      rate_per_minute: number | null;
      burst_per_second: number | null;
      group_caps: Record<string, number> | null;
      screener_streams: boolean;
    }>(
      "select id, account_id, revoked_at, rate_per_minute, burst_per_second, group_caps, screener_streams from api_keys where secret_hash = $1",
      [hash],
    );
    const row = rows[0];
    if (!row) return false;
    if (row.revoked_at !== null) {
      await redis
        .multi()
        .del(keyRecord(hash))
        .hset(keyRecord(hash), "revoked", "1")
        .expire(keyRecord(hash), REVOKED_TTL_SECONDS)
        .exec();
      return false;
    }
    await loadKeyScript(
      [keyRecord(hash)],
      keyFields(row.id, row.account_id, {
        ratePerMinute: row.rate_per_minute,
        burstPerSecond: row.burst_per_second,
        groupCaps: row.group_caps,
        screenerStreams: row.screener_streams,
      }),
    );
    return true;
  }

  /** Loads an account (and its current month snapshot) into Redis unless already there. */
  async function ensureAccountLoaded(accountId: string): Promise<boolean> {
    if ((await redis.hexists(acctKey(accountId), "loaded")) === 1) return true;
    return singleFlight(`acct:${accountId}`, () => loadAccountNow(accountId));
  }

  async function loadAccountNow(accountId: string): Promise<boolean> {
    const { rows } = await pg.query<AccountRow>(
      `select id, state, suspended, plan, spend_cap_cents, contract_credits, payment_method, credits_left
         from accounts where id = $1`,
      [accountId],
    );
    const row = rows[0];
    if (!row) return false;
    const month = monthOf(Date.now());
    const m = await pg.query<{ used: string; paid: string; requests: string }>(
      "select used, paid, requests from account_months where account_id = $1 and month = $2",
      [accountId, month],
    );
    const snap = m.rows[0] ?? { used: "0", paid: "0", requests: "0" };
    await loadAccountScript(
      [acctKey(accountId), monthKey(accountId, month)],
      [
        row.state,
        row.suspended ? "1" : "0",
        row.plan,
        row.credits_left,
        monthlyAllowanceCredits(row, config),
        row.payment_method ? "1" : "0",
        snap.used,
        snap.paid,
        snap.requests,
      ],
    );
    return true;
  }

  function parseAdmit(r: unknown[]): AdmitReply {
    const extra = String(r[10] ?? "");
    const [pm, plan] = extra.split("|");
    return {
      outcome: r[0] as AdmitOutcome,
      keyId: String(r[1] ?? ""),
      accountId: String(r[2] ?? ""),
      rpm: Number(r[3] ?? 0),
      minuteRemaining: Number(r[4] ?? 0),
      minuteResetMs: Number(r[5] ?? 0),
      burst: Number(r[6] ?? 0),
      burstRemaining: Number(r[7] ?? 0),
      retryMs: Number(r[8] ?? 0),
      creditsRemaining: Number(r[9] ?? -1),
      state: r[0] === "state" ? extra : "",
      reservation: r[0] === "ok" ? extra : "",
      paymentMethod: pm === "1",
      plan: plan ?? "payg",
      month: String(r[11] ?? ""),
    };
  }

  return {
    config,
    redis,
    pg,
    ensureAccountLoaded,
    loadAllKeys,

    /** One admit decision; loads a cold key or account from Postgres and decides again. */
    async admit(args: AdmitArgs): Promise<AdmitReply> {
      const argv = [
        P,
        args.reservationId,
        args.endpoint,
        args.cost,
        args.billable ? "1" : "0",
        args.batch ? "1" : "0",
        args.items,
        args.group,
        config.defaults.perMinute,
        config.defaults.burstPerSecond,
        config.itemFactor,
        config.defaults.groupCaps[args.group] ?? 0,
        args.skipRate ? "1" : "0",
      ];
      for (let attempt = 0; attempt < 3; attempt++) {
        const r = (await admitScript([keyRecord(args.keyHash)], argv)) as unknown[];
        if (r[0] === "nokey") {
          if (!(await loadKey(args.keyHash))) return parseAdmit(["invalid"]);
          continue;
        }
        if (r[0] === "noacct") {
          if (!(await ensureAccountLoaded(String(r[2])))) return parseAdmit(["invalid"]);
          continue;
        }
        return parseAdmit(r);
      }
      throw new Error("billing admit: key or account kept disappearing from Redis");
    },

    /** Settles a request: charges a 2xx, refunds the rest of the reservation, records usage. */
    async settle(args: {
      /** The reservation admit returned, or null for a call that reserved nothing. */
      reservation: string | null;
      status: number;
      cost: number;
      endpoint: string;
      keyId: string;
      accountId: string;
      /** Requests to record: 1, or the events of a stream charge. */
      requests?: number;
    }): Promise<SettleReply> {
      const r = (await settleScript(
        [],
        [
          P,
          args.reservation ?? "",
          args.status,
          args.cost,
          args.endpoint,
          args.keyId,
          args.accountId,
          args.requests ?? 1,
        ],
      )) as [string, number, number];
      return {
        outcome: r[0] as SettleReply["outcome"],
        creditsRemaining: Number(r[1]),
        charged: Number(r[2]),
      };
    },

    /**
     * Grows a reservation by `extra` credits before the answer goes out (see EXTEND_LUA); on `ok`
     * the returned reservation replaces the old one, on `quota` the old one was given back.
     */
    async extendReservation(
      reservation: string,
      extra: number,
    ): Promise<{ outcome: "ok" | "quota" | "gone"; creditsRemaining: number; reservation: string }> {
      const r = (await extendScript([], [P, reservation, extra])) as [string, number, string];
      return {
        outcome: r[0] as "ok" | "quota" | "gone",
        creditsRemaining: Number(r[1]),
        reservation: String(r[2]),
      };
    },

    /**
     * Settles many requests whose reservations cover their charges in one script (see
     * SETTLE_BATCH_LUA): each reservation is consumed once, usage recorded, no balance computed.
     * @returns how many were applied (a reservation already settled or swept is skipped)
     */
    async settleCovered(settles: readonly CoveredSettle[]): Promise<number> {
      const argv: (string | number)[] = [P];
      for (const s of settles) {
        argv.push(s.reservation ?? "", s.status, s.cost, s.endpoint, s.keyId, s.accountId, s.requests ?? 1);
      }
      return Number(await settleBatchScript([], argv));
    },

    /** Caches a freshly created or rotated key, replacing anything under its hash. */
    async cacheKey(hash: string, id: string, accountId: string, limits: KeyLimits): Promise<void> {
      await redis
        .multi()
        .del(keyRecord(hash))
        .hset(keyRecord(hash), ...keyFields(id, accountId, limits))
        .exec();
    },

    /** Makes a secret stop working at once, on every replica (a tombstone a racing load cannot overwrite). */
    async revokeKeyHash(hash: string): Promise<void> {
      await redis
        .multi()
        .del(keyRecord(hash))
        .hset(keyRecord(hash), "revoked", "1")
        .expire(keyRecord(hash), REVOKED_TTL_SECONDS)
        .exec();
    },

    /** Rewrites a key's cached record after a limits change (a revoked key stays revoked). */
    /** Whether a key's record (loaded by its admit) opens the screener stream channels. */
    async keyHasScreenerStreams(hash: string): Promise<boolean> {
      return (await redis.hget(keyRecord(hash), "scr")) === "1";
    },

    async refreshKeyRecord(hash: string, id: string, accountId: string, limits: KeyLimits): Promise<void> {
      await refreshKeyScript([keyRecord(hash)], keyFields(id, accountId, limits));
    },

    /**
     * Writes account fields after Postgres changed; fields land even when the account is not
     * loaded, and a later load fills only what is missing.
     */
    async setAccountFields(
      accountId: string,
      fields: Partial<{
        state: string;
        suspended: boolean;
        plan: string;
        allowance: number;
        paymentMethod: boolean;
      }>,
    ): Promise<void> {
      const f: string[] = [];
      if (fields.state !== undefined) f.push("state", fields.state);
      if (fields.suspended !== undefined) f.push("susp", fields.suspended ? "1" : "0");
      if (fields.plan !== undefined) f.push("plan", fields.plan);
      if (fields.allowance !== undefined) f.push("cap", String(fields.allowance));
      if (fields.paymentMethod !== undefined) f.push("pm", fields.paymentMethod ? "1" : "0");
      if (f.length > 0) await redis.hset(acctKey(accountId), ...f);
    },

    /** Adds carry-over credits (grants); the grant itself is recorded in Postgres by the caller. */
    async addCredits(accountId: string, credits: number): Promise<void> {
      await ensureAccountLoaded(accountId);
      await redis
        .multi()
        .hincrby(acctKey(accountId), "free", credits)
        .sadd(`${P}dirty`, `${accountId}|${monthOf(Date.now())}`)
        .exec();
    },

    /** Live figures of an account for the current UTC month. */
    async figures(accountId: string): Promise<AccountFigures | null> {
      if (!(await ensureAccountLoaded(accountId))) return null;
      const month = monthOf(Date.now());
      const [a, m] = await Promise.all([
        redis.hmget(acctKey(accountId), "state", "susp", "plan", "pm", "free", "cap"),
        redis.hmget(monthKey(accountId, month), "used", "paid", "req"),
      ]);
      const carryOver = Number(a[4] ?? 0);
      const allowance = Number(a[5] ?? 0);
      const paid = Number(m[1] ?? 0);
      return {
        state: a[0] ?? "active",
        suspended: a[1] === "1",
        plan: a[2] ?? "payg",
        paymentMethod: a[3] === "1",
        month,
        carryOver,
        allowance,
        paid,
        used: Number(m[0] ?? 0),
        requests: Number(m[2] ?? 0),
        remaining: carryOver + Math.max(0, allowance - paid),
      };
    },

    /**
     * Gives back credits of reservations whose request never settled, keeping a trace of each
     * for `SWEPT_KEPT_TIMEOUTS` reservation timeouts so a late settle still charges once.
     */
    async sweepReservations(limit = 500): Promise<number> {
      return Number(
        await sweepScript(
          [],
          [P, config.reservationTimeoutMs, limit, config.reservationTimeoutMs * SWEPT_KEPT_TIMEOUTS],
        ),
      );
    },

    /** Pending usage buckets, as `<account>:<bucketStart>`. */
    async pendingUsage(): Promise<string[]> {
      return redis.smembers(`${P}u:pending`);
    },

    /** Takes one pending bucket for flushing; returns its contents, or null when empty. */
    async takeUsage(
      accountId: string,
      bucket: string,
      flushId: string,
    ): Promise<Record<string, string> | null> {
      const took = Number(await takeUsageScript([], [P, accountId, bucket, flushId]));
      if (took === 0) return null;
      return redis.hgetall(`${P}uf:${flushId}`);
    },

    /** Flushes taken but not yet confirmed written (a crash between take and commit). */
    async unconfirmedFlushes(): Promise<string[]> {
      return redis.smembers(`${P}u:flushing`);
    },

    async flushedContents(flushId: string): Promise<Record<string, string>> {
      return redis.hgetall(`${P}uf:${flushId}`);
    },

    /**
     * Marks a flush written to Postgres. Its hash stays readable a while, so a reader that took
     * its Postgres snapshot just before the commit still counts it from Redis.
     */
    async confirmFlush(flushId: string): Promise<void> {
      await redis.multi().srem(`${P}u:flushing`, flushId).pexpire(`${P}uf:${flushId}`, 60_000).exec();
    },

    /** Account months whose counters changed since the last snapshot (removed from the set). */
    async takeDirtyMonths(max = 1000): Promise<{ accountId: string; month: string }[]> {
      const members = (await redis.spop(`${P}dirty`, max)) as string[];
      return members.map((m) => {
        const [accountId, month] = m.split("|") as [string, string];
        return { accountId, month };
      });
    },

    /** Marks an account month for the next snapshot again (a snapshot write failed). */
    async markDirty(accountId: string, month: string): Promise<void> {
      await redis.sadd(`${P}dirty`, `${accountId}|${month}`);
    },

    /** Raw counters of one account month and the carry-over balance, for a snapshot. */
    async monthCounters(
      accountId: string,
      month: string,
    ): Promise<{ used: number; paid: number; requests: number; carryOver: number | null }> {
      const [m, free] = await Promise.all([
        redis.hmget(monthKey(accountId, month), "used", "paid", "req"),
        redis.hget(acctKey(accountId), "free"),
      ]);
      return {
        used: Number(m[0] ?? 0),
        paid: Number(m[1] ?? 0),
        requests: Number(m[2] ?? 0),
        carryOver: free === null ? null : Number(free),
      };
    },

    /** Usage of an account still (or also) in Redis, in one atomic read. */
    async readLiveUsage(accountId: string): Promise<LiveUsageCell[]> {
      const flat = (await readLiveScript([], [P, accountId])) as string[];
      const cells: LiveUsageCell[] = [];
      for (let i = 0; i + 3 < flat.length; i += 4) {
        const parsed = parseUsageField(flat[i + 2]!);
        if (!parsed) continue;
        cells.push({
          flushId: flat[i] === "live" ? null : flat[i]!,
          bucketStart: Number(flat[i + 1]),
          ...parsed,
          value: Number(flat[i + 3]),
        });
      }
      return cells;
    },
  };
}
