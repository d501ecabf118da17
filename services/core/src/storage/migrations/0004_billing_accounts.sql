-- Accounts, API keys, portal sessions, credit grants and usage history. Redis holds the live
-- counters (credits left, month spend, rate-limit state, unflushed usage); these tables hold the
-- account settings, the keys (hash only), and what the usage flusher writes back.

create table accounts (
  id                  text primary key,
  email               text not null unique,
  name                text not null,
  -- scrypt hash of the portal credential (`scrypt$N$r$p$salt$hash`); null disables portal sign-in.
  password_hash       text,
  -- Billing state; `active` serves billable calls, the others answer 402 with a matching action.
  state               text not null default 'active'
                      check (state in ('active', 'pending', 'verify_payment', 'payment_processing', 'payment_failed')),
  -- Suspension is separate from the billing state so resuming restores it.
  suspended           boolean not null default false,
  plan                text not null default 'payg' check (plan in ('payg', 'enterprise')),
  spend_cap_cents     bigint not null check (spend_cap_cents between 0 and 10000000),
  -- Enterprise plans: contracted credits per month instead of a spend cap.
  contract_credits    bigint check (contract_credits >= 0),
  -- Provider reference of the payment method; null means none on file.
  payment_method      text,
  -- When the one-time free credits were granted; null until a payment method is first added.
  free_granted_at     bigint,
  -- Snapshot of carry-over credits left (free grant plus admin grants), written by the flusher.
  credits_left        bigint not null default 0 check (credits_left >= 0),
  created_at          bigint not null,
  updated_at          bigint not null
);

create table api_keys (
  id                text primary key,
  account_id        text not null references accounts (id),
  name              text not null,
  -- sha256 (hex) of the secret; the secret itself is never stored.
  secret_hash       text not null unique,
  -- First characters of the secret, shown in lists so people can tell keys apart.
  secret_prefix     text not null,
  -- Per-key raises of the default limits; null means the configured default.
  rate_per_minute   int check (rate_per_minute > 0),
  burst_per_second  int check (burst_per_second > 0),
  group_caps        jsonb,
  created_at        bigint not null,
  rotated_at        bigint,
  revoked_at        bigint
);
create index api_keys_account_active on api_keys (account_id) where revoked_at is null;

create table portal_sessions (
  -- sha256 (hex) of the session cookie value.
  token_hash  text primary key,
  account_id  text not null references accounts (id),
  created_at  bigint not null,
  expires_at  bigint not null
);
create index portal_sessions_account on portal_sessions (account_id);

-- Every credit grant (free credits, admin grants), for audit; the balance itself lives in Redis.
create table credit_grants (
  id          bigserial primary key,
  account_id  text not null references accounts (id),
  credits     bigint not null check (credits > 0),
  reason      text not null,
  at          bigint not null
);
create index credit_grants_account on credit_grants (account_id, at);

-- Month figures per account (UTC calendar month `YYYY-MM`), a snapshot of the Redis counters.
create table account_months (
  account_id  text not null references accounts (id),
  month       text not null,
  used        bigint not null default 0,
  paid        bigint not null default 0,
  requests    bigint not null default 0,
  updated_at  bigint not null,
  primary key (account_id, month)
);

-- Usage per key, endpoint (`GET /v1/token`, `stream:trades`) and 15-minute bucket.
create table usage_buckets (
  account_id    text not null,
  key_id        text not null,
  endpoint      text not null,
  bucket_start  bigint not null,
  requests      bigint not null default 0,
  credits       bigint not null default 0,
  errors        bigint not null default 0,
  primary key (account_id, key_id, endpoint, bucket_start)
);
create index usage_buckets_account_time on usage_buckets (account_id, bucket_start);

-- Flush batches already written, so a flush retried after a crash never counts twice.
create table usage_flushes (
  flush_id    text primary key,
  account_id  text not null,
  at          bigint not null
);
create index usage_flushes_account on usage_flushes (account_id, at);

do $$
begin
  if exists (select 1 from pg_extension where extname = 'citus') then
    perform create_reference_table('accounts');
    perform create_reference_table('api_keys');
    perform create_reference_table('portal_sessions');
    perform create_reference_table('credit_grants');
    perform create_reference_table('account_months');
    perform create_reference_table('usage_flushes');
    perform create_distributed_table('usage_buckets', 'account_id');
  end if;
end
$$;
