import { createHash, randomBytes } from "node:crypto";
import { ForbiddenError, InvalidParamError, NotFoundError, withTransaction } from "@tapeline/core";
import type pg from "pg";
import type { AccountBillingState } from "./BillingProvider.ts";
import type { BillingStore } from "./createBillingStore.ts";
import { generateKeySecret } from "./generateKeySecret.ts";
import { hashKeySecret } from "./hashKeySecret.ts";
import { hashPassword } from "./hashPassword.ts";
import { monthlyAllowanceCredits } from "./monthlyAllowanceCredits.ts";
import { spendCapCents } from "./spendCapCents.ts";
import { verifyPassword } from "./verifyPassword.ts";

/** An account holds at most this many active (not revoked) keys. */
export const MAX_ACTIVE_KEYS = 5;

export const BILLING_STATES: readonly AccountBillingState[] = [
  "active",
  "pending",
  "verify_payment",
  "payment_processing",
  "payment_failed",
];

export type Account = {
  id: string;
  email: string;
  name: string;
  state: AccountBillingState;
  suspended: boolean;
  plan: "payg" | "enterprise";
  spendCapUsd: string;
  contractCredits: number | null;
  hasPaymentMethod: boolean;
  freeGrantedAt: number | null;
  createdAt: number;
};

/** A key as listed: never its secret, only the first characters of it. */
export type ApiKeyInfo = {
  id: string;
  name: string;
  prefix: string;
  createdAt: number;
  rotatedAt: number | null;
  revokedAt: number | null;
  ratePerMinute: number | null;
  burstPerSecond: number | null;
};

/** A key with its secret: returned once, by create and rotate. */
export type NewApiKey = ApiKeyInfo & { secret: string };

type AccountRow = {
  id: string;
  email: string;
  name: string;
  state: AccountBillingState;
  suspended: boolean;
  plan: "payg" | "enterprise";
  spend_cap_cents: string;
  contract_credits: string | null;
  payment_method: string | null;
  free_granted_at: string | null;
  created_at: string;
};

type KeyRow = {
  id: string;
  name: string;
  secret_prefix: string;
  created_at: string;
  rotated_at: string | null;
  revoked_at: string | null;
  rate_per_minute: number | null;
  burst_per_second: number | null;
  group_caps: Record<string, number> | null;
  screener_streams: boolean;
};

const ACCOUNT_COLUMNS =
  "id, email, name, state, suspended, plan, spend_cap_cents, contract_credits, payment_method, free_granted_at, created_at";
const KEY_COLUMNS =
  "id, name, secret_prefix, created_at, rotated_at, revoked_at, rate_per_minute, burst_per_second, group_caps, screener_streams";

function toAccount(r: AccountRow): Account {
  const cents = BigInt(r.spend_cap_cents);
  return {
    id: r.id,
    email: r.email,
    name: r.name,
    state: r.state,
    suspended: r.suspended,
    plan: r.plan,
    spendCapUsd: `${cents / 100n}.${String(cents % 100n).padStart(2, "0")}`,
    contractCredits: r.contract_credits === null ? null : Number(r.contract_credits),
    hasPaymentMethod: r.payment_method !== null,
    freeGrantedAt: r.free_granted_at === null ? null : Number(r.free_granted_at),
    createdAt: Number(r.created_at),
  };
}

function toKey(r: KeyRow): ApiKeyInfo {
  return {
    id: r.id,
    name: r.name,
    prefix: r.secret_prefix,
    createdAt: Number(r.created_at),
    rotatedAt: r.rotated_at === null ? null : Number(r.rotated_at),
    revokedAt: r.revoked_at === null ? null : Number(r.revoked_at),
    ratePerMinute: r.rate_per_minute,
    burstPerSecond: r.burst_per_second,
  };
}

function keyName(name: string): string {
  const n = name.trim();
  if (n.length < 1 || n.length > 64) throw new InvalidParamError("name", "a key name has 1 to 64 characters");
  return n;
}

function sha256(v: string): string {
  return createHash("sha256").update(v).digest("hex");
}

/**
 * Accounts, keys and portal sessions: Postgres first, then the matching Redis state through the
 * billing store, so a change is in force on every replica when the call returns. Every key
 * operation is scoped to an account: a key id of another account is simply not found.
 */
export function createAccountService(deps: { pg: pg.Pool; store: BillingStore }) {
  const { pg, store } = deps;
  const { config } = store;

  async function getAccount(accountId: string): Promise<Account> {
    const { rows } = await pg.query<AccountRow>(`select ${ACCOUNT_COLUMNS} from accounts where id = $1`, [
      accountId,
    ]);
    if (!rows[0]) throw new NotFoundError("unknown account", { accountId });
    return toAccount(rows[0]);
  }

  /** Recomputes the monthly allowance in Redis after a cap, plan or payment-method change. */
  async function syncAllowance(accountId: string): Promise<void> {
    const { rows } = await pg.query<{
      plan: string;
      spend_cap_cents: string;
      contract_credits: string | null;
      payment_method: string | null;
    }>("select plan, spend_cap_cents, contract_credits, payment_method from accounts where id = $1", [
      accountId,
    ]);
    if (!rows[0]) return;
    await store.setAccountFields(accountId, {
      plan: rows[0].plan,
      allowance: monthlyAllowanceCredits(rows[0], config),
      paymentMethod: rows[0].payment_method !== null,
    });
  }

  async function grantCredits(accountId: string, credits: number, reason: string): Promise<void> {
    if (!Number.isSafeInteger(credits) || credits <= 0) {
      throw new InvalidParamError("credits", "credits to grant are a positive integer");
    }
    await getAccount(accountId);
    await pg.query("insert into credit_grants (account_id, credits, reason, at) values ($1, $2, $3, $4)", [
      accountId,
      credits,
      reason,
      Date.now(),
    ]);
    await store.addCredits(accountId, credits);
  }

  return {
    getAccount,
    grantCredits,

    /** Creates an account: pay-as-you-go, the default spend cap, no payment method, no credits yet. */
    async createAccount(input: {
      email: string;
      name: string;
      password?: string | null;
      state?: AccountBillingState;
    }): Promise<Account> {
      const email = input.email.trim().toLowerCase();
      if (!/^[^\s@]+@[^\s@]+$/.test(email)) throw new InvalidParamError("email", "not an email address");
      if (input.password != null && input.password.length < 10) {
        throw new InvalidParamError("password", "a portal password has at least 10 characters");
      }
      const id = `acct_${randomBytes(8).toString("hex")}`;
      const now = Date.now();
      try {
        const { rows } = await pg.query<AccountRow>(
          `insert into accounts (id, email, name, password_hash, state, spend_cap_cents, created_at, updated_at)
             values ($1, $2, $3, $4, $5, $6, $7, $7) returning ${ACCOUNT_COLUMNS}`,
          [
            id,
            email,
            input.name.trim() || email,
            input.password != null ? await hashPassword(input.password) : null,
            input.state ?? "active",
            BigInt(config.defaultSpendCapUsd) * 100n,
            now,
          ],
        );
        return toAccount(rows[0]!);
      } catch (err) {
        if ((err as { code?: string }).code === "23505") {
          throw new InvalidParamError("email", "an account with this email exists");
        }
        throw err;
      }
    },

    async findAccountByEmail(email: string): Promise<Account | null> {
      const { rows } = await pg.query<AccountRow>(
        `select ${ACCOUNT_COLUMNS} from accounts where email = $1`,
        [email.trim().toLowerCase()],
      );
      return rows[0] ? toAccount(rows[0]) : null;
    },

    async setPassword(accountId: string, password: string): Promise<void> {
      if (password.length < 10)
        throw new InvalidParamError("password", "a portal password has at least 10 characters");
      const r = await pg.query("update accounts set password_hash = $2, updated_at = $3 where id = $1", [
        accountId,
        await hashPassword(password),
        Date.now(),
      ]);
      if (r.rowCount === 0) throw new NotFoundError("unknown account", { accountId });
    },

    /** The account whose credential this is, or null; equally slow either way. */
    async verifyCredentials(email: string, password: string): Promise<Account | null> {
      const { rows } = await pg.query<AccountRow & { password_hash: string | null }>(
        `select ${ACCOUNT_COLUMNS}, password_hash from accounts where email = $1`,
        [email.trim().toLowerCase()],
      );
      const row = rows[0];
      // Hash against a dummy when the account is unknown, so timing does not reveal emails.
      const stored = row?.password_hash ?? (await hashPassword(randomBytes(12).toString("hex")));
      const ok = await verifyPassword(password, stored);
      return ok && row?.password_hash ? toAccount(row) : null;
    },

    /**
     * Attaches a payment method through the configured provider; the first time an account gets
     * one it also receives the free credits (once per account, carried over until used).
     */
    async addPaymentMethod(accountId: string, token: string | null): Promise<Account> {
      const account = await getAccount(accountId);
      const { reference, state } = await config.provider.attachPaymentMethod({
        accountId,
        email: account.email,
        token,
      });
      const now = Date.now();
      await pg.query("update accounts set payment_method = $2, state = $3, updated_at = $4 where id = $1", [
        accountId,
        reference,
        state,
        now,
      ]);
      const first = await pg.query(
        "update accounts set free_granted_at = $2 where id = $1 and free_granted_at is null",
        [accountId, now],
      );
      await store.setAccountFields(accountId, { state });
      await syncAllowance(accountId);
      if (first.rowCount === 1 && config.freeCredits > 0) {
        await grantCredits(accountId, config.freeCredits, "free credits for adding a payment method");
      }
      return getAccount(accountId);
    },

    async setState(accountId: string, state: AccountBillingState): Promise<void> {
      if (!BILLING_STATES.includes(state)) {
        throw new InvalidParamError("state", `state is one of ${BILLING_STATES.join(", ")}`);
      }
      const r = await pg.query("update accounts set state = $2, updated_at = $3 where id = $1", [
        accountId,
        state,
        Date.now(),
      ]);
      if (r.rowCount === 0) throw new NotFoundError("unknown account", { accountId });
      await store.setAccountFields(accountId, { state });
    },

    async setSuspended(accountId: string, suspended: boolean): Promise<void> {
      const r = await pg.query("update accounts set suspended = $2, updated_at = $3 where id = $1", [
        accountId,
        suspended,
        Date.now(),
      ]);
      if (r.rowCount === 0) throw new NotFoundError("unknown account", { accountId });
      await store.setAccountFields(accountId, { suspended });
    },

    /** Sets the monthly spend cap (0 to 100000 USD); raising it resumes paused billable calls at once. */
    async setSpendCap(accountId: string, usd: string | number): Promise<Account> {
      const cents = spendCapCents(usd);
      const r = await pg.query("update accounts set spend_cap_cents = $2, updated_at = $3 where id = $1", [
        accountId,
        cents,
        Date.now(),
      ]);
      if (r.rowCount === 0) throw new NotFoundError("unknown account", { accountId });
      await syncAllowance(accountId);
      return getAccount(accountId);
    },

    /** Moves an account to a plan; enterprise accounts bill against contracted credits per month. */
    async setPlan(
      accountId: string,
      plan: "payg" | "enterprise",
      contractCredits: number | null,
    ): Promise<void> {
      const r = await pg.query(
        "update accounts set plan = $2, contract_credits = $3, updated_at = $4 where id = $1",
        [accountId, plan, contractCredits, Date.now()],
      );
      if (r.rowCount === 0) throw new NotFoundError("unknown account", { accountId });
      await syncAllowance(accountId);
    },

    async listKeys(accountId: string, opts: { includeRevoked?: boolean } = {}): Promise<ApiKeyInfo[]> {
      const { rows } = await pg.query<KeyRow>(
        `select ${KEY_COLUMNS} from api_keys where account_id = $1 ${opts.includeRevoked ? "" : "and revoked_at is null"}
          order by created_at, id`,
        [accountId],
      );
      return rows.map(toKey);
    },

    /** Creates a key; its secret is in the answer and nowhere else. At most 5 active keys. */
    async createKey(accountId: string, name: string): Promise<NewApiKey> {
      const secret = generateKeySecret();
      const hash = hashKeySecret(secret);
      const row = await withTransaction(pg, async (client) => {
        // Lock the account row so concurrent creations count keys one at a time.
        const acct = await client.query("select id from accounts where id = $1 for update", [accountId]);
        if (acct.rowCount === 0) throw new NotFoundError("unknown account", { accountId });
        const active = await client.query<{ n: string }>(
          "select count(*) as n from api_keys where account_id = $1 and revoked_at is null",
          [accountId],
        );
        if (Number(active.rows[0]!.n) >= MAX_ACTIVE_KEYS) {
          throw new ForbiddenError(
            "key_limit_reached",
            `an account holds at most ${MAX_ACTIVE_KEYS} active keys; revoke one first`,
          );
        }
        const ins = await client.query<KeyRow>(
          `insert into api_keys (id, account_id, name, secret_hash, secret_prefix, created_at)
             values ($1, $2, $3, $4, $5, $6) returning ${KEY_COLUMNS}`,
          [
            `key_${randomBytes(8).toString("hex")}`,
            accountId,
            keyName(name),
            hash,
            secret.slice(0, 9),
            Date.now(),
          ],
        );
        return ins.rows[0]!;
      });
      await store.cacheKey(hash, row.id, accountId, {
        ratePerMinute: null,
        burstPerSecond: null,
        groupCaps: null,
        screenerStreams: false,
      });
      return { ...toKey(row), secret };
    },

    async renameKey(accountId: string, keyId: string, name: string): Promise<ApiKeyInfo> {
      const { rows } = await pg.query<KeyRow>(
        `update api_keys set name = $3 where id = $1 and account_id = $2 and revoked_at is null returning ${KEY_COLUMNS}`,
        [keyId, accountId, keyName(name)],
      );
      if (!rows[0]) throw new NotFoundError("unknown key", { keyId });
      return toKey(rows[0]);
    },

    /** Gives a key a new secret (same id, limits and usage); the old secret stops working at once. */
    async rotateKey(accountId: string, keyId: string): Promise<NewApiKey> {
      const secret = generateKeySecret();
      const hash = hashKeySecret(secret);
      const { rows } = await pg.query<KeyRow & { old_hash: string }>(
        `update api_keys k set secret_hash = $3, secret_prefix = $4, rotated_at = $5
           from (select id, secret_hash as old_hash from api_keys where id = $1 and account_id = $2 for update) o
          where k.id = o.id and k.revoked_at is null
          returning ${KEY_COLUMNS.split(", ")
            .map((c) => `k.${c}`)
            .join(", ")}, o.old_hash`,
        [keyId, accountId, hash, secret.slice(0, 9), Date.now()],
      );
      const row = rows[0];
      if (!row) throw new NotFoundError("unknown key", { keyId });
      await store.revokeKeyHash(row.old_hash);
      await store.cacheKey(hash, row.id, accountId, {
        ratePerMinute: row.rate_per_minute,
        burstPerSecond: row.burst_per_second,
        groupCaps: row.group_caps,
        screenerStreams: row.screener_streams,
      });
      return { ...toKey(row), secret };
    },

    /** Revokes a key for good; its secret stops working at once. */
    async revokeKey(accountId: string, keyId: string): Promise<void> {
      const { rows } = await pg.query<{ secret_hash: string }>(
        `update api_keys set revoked_at = $3 where id = $1 and account_id = $2 and revoked_at is null
         returning secret_hash`,
        [keyId, accountId, Date.now()],
      );
      if (!rows[0]) throw new NotFoundError("unknown key", { keyId });
      await store.revokeKeyHash(rows[0].secret_hash);
    },

    /** Raises (or resets, with nulls) a key's limits; the next request uses them. */
    async setKeyLimits(
      accountId: string,
      keyId: string,
      limits: {
        ratePerMinute: number | null;
        burstPerSecond: number | null;
        groupCaps: Record<string, number> | null;
      },
    ): Promise<void> {
      const { rows } = await pg.query<{ secret_hash: string; screener_streams: boolean }>(
        `update api_keys set rate_per_minute = $3, burst_per_second = $4, group_caps = $5
          where id = $1 and account_id = $2 and revoked_at is null returning secret_hash, screener_streams`,
        [keyId, accountId, limits.ratePerMinute, limits.burstPerSecond, limits.groupCaps],
      );
      if (!rows[0]) throw new NotFoundError("unknown key", { keyId });
      await store.refreshKeyRecord(rows[0].secret_hash, keyId, accountId, {
        ...limits,
        screenerStreams: rows[0].screener_streams,
      });
    },

    /**
     * Opens (or closes) the restricted screener stream channels to a key; connections opened from
     * then on see the change.
     */
    async setScreenerStreams(accountId: string, keyId: string, enabled: boolean): Promise<void> {
      const { rows } = await pg.query<KeyRow & { secret_hash: string }>(
        `update api_keys set screener_streams = $3
          where id = $1 and account_id = $2 and revoked_at is null returning ${KEY_COLUMNS}, secret_hash`,
        [keyId, accountId, enabled],
      );
      const row = rows[0];
      if (!row) throw new NotFoundError("unknown key", { keyId });
      await store.refreshKeyRecord(row.secret_hash, keyId, accountId, {
        ratePerMinute: row.rate_per_minute,
        burstPerSecond: row.burst_per_second,
        groupCaps: row.group_caps,
        screenerStreams: row.screener_streams,
      });
    },

    /** Opens a portal session; the token goes in a cookie, only its hash is stored. */
    async createSession(accountId: string, hours: number): Promise<string> {
      const token = randomBytes(32).toString("base64url");
      const now = Date.now();
      await pg.query(
        "insert into portal_sessions (token_hash, account_id, created_at, expires_at) values ($1, $2, $3, $4)",
        [sha256(token), accountId, now, now + hours * 3_600_000],
      );
      return token;
    },

    /** The account of a live session token, or null. */
    async sessionAccount(token: string): Promise<string | null> {
      const { rows } = await pg.query<{ account_id: string }>(
        "select account_id from portal_sessions where token_hash = $1 and expires_at > $2",
        [sha256(token), Date.now()],
      );
      return rows[0]?.account_id ?? null;
    },

    async endSession(token: string): Promise<void> {
      await pg.query("delete from portal_sessions where token_hash = $1 or expires_at < $2", [
        sha256(token),
        Date.now(),
      ]);
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
