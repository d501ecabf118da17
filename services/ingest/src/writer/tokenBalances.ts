import { type ChainId, SOLANA_LAMPORTS_TOKEN, walletKey } from "@tapeline/core";
import type pg from "pg";
import type { BalanceBatch, BalanceChange } from "./IngestBatch.ts";
import { type AccountMove, changeKey, pairKey, runBalances } from "./runBalances.ts";

const tokenKey = (chain: ChainId, token: string): string => `${chain}/${token}`;
/** Solana lamports are logged per wallet only: no holders list or holder count of their own. */
const hasHolders = (token: string): boolean => token !== SOLANA_LAMPORTS_TOKEN;

type AccountChange = BalanceChange & { accountMoves?: AccountMove[] };

const accountsJson = (moves: AccountMove[] | undefined): string | null =>
  moves
    ? JSON.stringify(
        moves.map((m) => ({
          account: m.account,
          before: m.before?.toString() ?? null,
          after: m.after.toString(),
        })),
      )
    : null;

/**
 * Solana: recomputes each change's delta from its token accounts' stored amounts (in chain
 * order, the batch's stored changes left out): each account moves its holder by its post amount
 * minus the stored one (zero when first seen); then stores the accounts' new amounts.
 */
async function applyAccountAmounts(
  client: pg.PoolClient,
  chain: ChainId,
  changes: readonly BalanceChange[],
  stored: ReadonlySet<string>,
): Promise<AccountChange[]> {
  const withAccounts = changes.filter((c) => c.accounts !== null && !stored.has(changeKey(c)));
  if (withAccounts.length === 0) return [...changes];
  const keyOf = (token: string, account: string) => `${tokenKey(chain, token)}|${account}`;
  const pairs = withAccounts.flatMap((c) => c.accounts!.map((a) => ({ token: c.token, account: a.account })));
  const res = await client.query<{ token_key: string; account: string; amount: string }>(
    `select token_key, account, amount::text from token_accounts
     where token_key = any($1::text[]) and account = any($2::text[])`,
    [[...new Set(pairs.map((p) => tokenKey(chain, p.token)))], [...new Set(pairs.map((p) => p.account))]],
  );
  const amounts = new Map<string, bigint | null>(
    res.rows.map((r) => [`${r.token_key}|${r.account}`, BigInt(r.amount)]),
  );
  const latest = new Map<
    string,
    { token: string; account: string; owner: string; amount: bigint; block: bigint }
  >();
  const ordered = [...withAccounts].sort((a, b) =>
    a.block === b.block ? a.seq - b.seq : a.block < b.block ? -1 : 1,
  );
  const adjusted = new Map<BalanceChange, AccountChange>();
  for (const c of ordered) {
    let delta = 0n;
    const accountMoves: AccountMove[] = [];
    for (const a of c.accounts!) {
      const k = keyOf(c.token, a.account);
      const before = amounts.get(k) ?? null;
      delta += a.post - (before ?? 0n);
      amounts.set(k, a.post);
      accountMoves.push({ account: a.account, before, after: a.post });
      latest.set(k, { token: c.token, account: a.account, owner: c.holder, amount: a.post, block: c.block });
    }
    adjusted.set(c, { ...c, delta, accountMoves });
  }
  const rows = [...latest.values()];
  await client.query(
    `insert into token_accounts as a (token_key, chain_id, account, owner, amount, first_block)
     select $1 || '/' || token, $1, account, owner, amount, block
     from unnest($2::text[], $3::text[], $4::text[], $5::numeric[], $6::bigint[]) as u(token, account, owner, amount, block)
     on conflict (token_key, account) do update set owner = excluded.owner, amount = excluded.amount`,
    [
      chain,
      rows.map((r) => r.token),
      rows.map((r) => r.account),
      rows.map((r) => r.owner),
      rows.map((r) => r.amount.toString()),
      rows.map((r) => r.block.toString()),
    ],
  );
  return changes.map((c) => adjusted.get(c) ?? c);
}

/**
 * Writes a batch's balances inside the writer's transaction: starts tracking its new tokens,
 * appends the wallets' change log (balance after each transaction), sets the current balances by
 * wallet and by token (holders with a positive balance only) and moves each token's holder count
 * by the holders that appeared or left. Changes already stored are skipped, so a rewrite changes
 * nothing.
 */
export async function writeTokenBalances(
  client: pg.PoolClient,
  chain: ChainId,
  batch: BalanceBatch | undefined,
  now: number,
): Promise<void> {
  if (!batch) return;
  if (batch.tracked.length > 0) {
    await client.query(
      `insert into token_holder_stats (token_key, chain_id, token_address, tracked_block)
       select $1 || '/' || token, $1, token, block from unnest($2::text[], $3::bigint[]) as u(token, block)
       on conflict (token_key) do nothing`,
      [chain, batch.tracked.map((t) => t.token), batch.tracked.map((t) => t.block.toString())],
    );
  }
  if (batch.changes.length === 0) return;
  const wallets = [...new Set(batch.changes.map((c) => walletKey(chain, c.holder)))];
  const tokens = [...new Set(batch.changes.map((c) => c.token))];
  const txs = [...new Set(batch.changes.map((c) => c.txHash))];
  // one round trip: the stored balances ('b', the value a balance) and the changes already stored
  // ('c', the value a transaction hash)
  const read = await client.query<{ kind: "b" | "c"; token_address: string; wallet: string; v: string }>(
    `select 'b' as kind, token_address, wallet, balance::text as v from wallet_balances
     where wallet_key = any($1::text[]) and token_address = any($2::text[])
     union all
     select 'c', token_address, wallet, tx_hash from wallet_balance_changes
     where wallet_key = any($1::text[]) and token_address = any($2::text[]) and tx_hash = any($3::text[])`,
    [wallets, tokens, txs],
  );
  const balances = new Map<string, bigint>();
  const stored = new Set<string>();
  for (const r of read.rows) {
    if (r.kind === "b") balances.set(pairKey(r.token_address, r.wallet), BigInt(r.v));
    else stored.add(changeKey({ token: r.token_address, holder: r.wallet, txHash: r.v }));
  }
  const changes = await applyAccountAmounts(client, chain, batch.changes, stored);
  const { rows, moves } = runBalances(changes, balances, stored);
  if (rows.length === 0) return;
  const tokenMoves = moves.filter((m) => hasHolders(m.token));
  const held = tokenMoves.filter((m) => m.after > 0n);
  const gone = tokenMoves.filter((m) => m.after <= 0n && m.before !== null && m.before > 0n);
  const counts = new Map<string, number>();
  for (const m of tokenMoves) {
    const d = (m.after > 0n ? 1 : 0) - (m.before !== null && m.before > 0n ? 1 : 0);
    if (d !== 0) counts.set(m.token, (counts.get(m.token) ?? 0) + d);
  }
  // The change log, the balances by wallet, the holders and the holder counts in one statement
  // (one round trip on the live path): each part is computed here, none reads another's rows.
  const params: unknown[] = [chain, now];
  const at = (values: unknown[]): string[] => {
    params.push(...values);
    return values.map((_, i) => `$${params.length - values.length + i + 1}`);
  };
  const parts: string[] = [];
  {
    const [wallet, token, block, seq, time, tx, delta, balance, accounts] = at([
      rows.map((r) => r.holder),
      rows.map((r) => r.token),
      rows.map((r) => r.block.toString()),
      rows.map((r) => r.seq),
      rows.map((r) => r.at),
      rows.map((r) => r.txHash),
      rows.map((r) => r.delta.toString()),
      rows.map((r) => r.balance.toString()),
      rows.map((r) => accountsJson((r as AccountChange).accountMoves)),
    ]);
    parts.push(
      `insert into wallet_balance_changes (wallet_key, chain_id, wallet, token_address, block, seq, at, tx_hash, delta,
         balance, accounts)
       select $1 || '/' || wallet, $1, u.* from unnest(${wallet}::text[], ${token}::text[], ${block}::bigint[],
         ${seq}::int[], ${time}::bigint[], ${tx}::text[], ${delta}::numeric[], ${balance}::numeric[],
         ${accounts}::jsonb[])
         as u(wallet, token_address, block, seq, at, tx_hash, delta, balance, accounts)
       on conflict do nothing`,
    );
  }
  {
    const [wallet, token, balance, block] = at([
      moves.map((m) => m.holder),
      moves.map((m) => m.token),
      moves.map((m) => m.after.toString()),
      moves.map((m) => m.block.toString()),
    ]);
    parts.push(
      `insert into wallet_balances as b (wallet_key, chain_id, wallet, token_address, balance, updated_block,
         updated_at)
       select $1 || '/' || wallet, $1, wallet, token_address, balance, block, $2
       from unnest(${wallet}::text[], ${token}::text[], ${balance}::numeric[], ${block}::bigint[])
         as u(wallet, token_address, balance, block)
       on conflict (wallet_key, token_address) do update set balance = excluded.balance,
         updated_block = excluded.updated_block, updated_at = excluded.updated_at`,
    );
  }
  if (held.length > 0) {
    const [token, holder, balance, block] = at([
      held.map((m) => m.token),
      held.map((m) => m.holder),
      held.map((m) => m.after.toString()),
      held.map((m) => m.block.toString()),
    ]);
    parts.push(
      `insert into token_holders as h (token_key, chain_id, token_address, holder, balance, updated_block)
       select $1 || '/' || token_address, $1, token_address, holder, balance, block
       from unnest(${token}::text[], ${holder}::text[], ${balance}::numeric[], ${block}::bigint[])
         as u(token_address, holder, balance, block)
       on conflict (token_key, holder) do update set balance = excluded.balance, updated_block = excluded.updated_block`,
    );
  }
  if (counts.size > 0) {
    const [key, d] = at([[...counts.keys()].map((t) => tokenKey(chain, t)), [...counts.values()]]);
    parts.push(
      `update token_holder_stats s set holder_count = s.holder_count + u.d
       from unnest(${key}::text[], ${d}::bigint[]) as u(token_key, d) where s.token_key = u.token_key`,
    );
  }
  // data-modifying CTEs run to completion whether or not the main statement reads them
  const last = parts.pop()!;
  await client.query(
    `${parts.length > 0 ? `with ${parts.map((p, i) => `w${i} as (${p})`).join(", ")} ` : ""}${last}`,
    params,
  );
  // holders that left: rows of the table written above, so in their own statement
  if (gone.length > 0) {
    await client.query(
      `delete from token_holders h using unnest($1::text[], $2::text[]) as u(token_key, holder)
       where h.token_key = u.token_key and h.holder = u.holder`,
      [gone.map((m) => tokenKey(chain, m.token)), gone.map((m) => m.holder)],
    );
  }
}

/**
 * Solana: each token account a deleted change touched gets back its amount before the earliest
 * of them; the accounts first seen after the ancestor go.
 */
async function restoreTokenAccounts(
  client: pg.PoolClient,
  chain: ChainId,
  ancestor: string,
  deleted: { token_address: string; accounts: { account: string; before: string | null }[][] | null }[],
): Promise<void> {
  const restore = new Map<string, { tokenKey: string; account: string; amount: string }>();
  for (const d of deleted) {
    for (const moves of d.accounts ?? []) {
      for (const m of moves) {
        const k = `${d.token_address}|${m.account}`;
        if (!restore.has(k) && m.before !== null)
          restore.set(k, {
            tokenKey: tokenKey(chain, d.token_address),
            account: m.account,
            amount: m.before,
          });
      }
    }
  }
  const rows = [...restore.values()];
  if (rows.length > 0) {
    await client.query(
      `update token_accounts a set amount = u.amount
       from unnest($1::text[], $2::text[], $3::numeric[]) as u(token_key, account, amount)
       where a.token_key = u.token_key and a.account = u.account`,
      [rows.map((r) => r.tokenKey), rows.map((r) => r.account), rows.map((r) => r.amount)],
    );
  }
  await client.query("delete from token_accounts where chain_id = $1 and first_block > $2", [
    chain,
    ancestor,
  ]);
}

/**
 * Undoes the balances written after `ancestor` on `chain` (inside the rollback's transaction):
 * tokens whose tracking began after it lose every balance row; the others' changes and first
 * seen token accounts after it are deleted and each affected wallet's balance is restored from its last remaining change
 * (none: the row goes), in both projections, and the affected tokens' holder counts are
 * recounted.
 * @returns the change rows deleted.
 */
export async function rollBackTokenBalances(
  client: pg.PoolClient,
  chain: ChainId,
  ancestor: string,
): Promise<number> {
  const untracked = await client.query<{ token_address: string }>(
    "delete from token_holder_stats where chain_id = $1 and tracked_block > $2 returning token_address",
    [chain, ancestor],
  );
  const dropped = untracked.rows.map((r) => r.token_address);
  let deleted = 0;
  if (dropped.length > 0) {
    const all = await client.query(
      "delete from wallet_balance_changes where chain_id = $1 and token_address = any($2::text[])",
      [chain, dropped],
    );
    deleted += all.rowCount ?? 0;
    await client.query(
      "delete from wallet_balances where chain_id = $1 and token_address = any($2::text[])",
      [chain, dropped],
    );
    await client.query("delete from token_holders where token_key = any($1::text[])", [
      dropped.map((t) => tokenKey(chain, t)),
    ]);
    await client.query("delete from token_accounts where token_key = any($1::text[])", [
      dropped.map((t) => tokenKey(chain, t)),
    ]);
  }
  const del = await client.query<{
    wallet_key: string;
    wallet: string;
    token_address: string;
    n: number;
    accounts: { account: string; before: string | null }[][] | null;
  }>(
    `with d as (delete from wallet_balance_changes where chain_id = $1 and block > $2
       returning wallet_key, wallet, token_address, block, seq, accounts)
     select wallet_key, wallet, token_address, count(*)::int as n,
       array_agg(accounts order by block, seq) filter (where accounts is not null) as accounts
     from d group by wallet_key, wallet, token_address`,
    [chain, ancestor],
  );
  await restoreTokenAccounts(client, chain, ancestor, del.rows);
  for (const r of del.rows) deleted += r.n;

  if (del.rows.length === 0) return deleted;
  const wallets = del.rows.map((r) => r.wallet_key);
  const tokens = del.rows.map((r) => r.token_address);
  // the last remaining change of each affected pair (pairs of the wallets x tokens product that
  // were not affected are left out below)
  // (output names must not shadow the ordering columns: `block::text` would sort as text)
  const last = await client.query<{ wallet: string; token_address: string; balance: string; block: string }>(
    `select distinct on (c.wallet_key, c.token_address) c.wallet, c.token_address, c.balance::text as balance,
       c.block::text as block
     from wallet_balance_changes c where c.wallet_key = any($1::text[]) and c.token_address = any($2::text[])
     order by c.wallet_key, c.token_address, c.block desc, c.seq desc`,
    [[...new Set(wallets)], [...new Set(tokens)]],
  );
  const lastOf = new Map(last.rows.map((r) => [`${r.wallet}|${r.token_address}`, r]));
  const restored = {
    rows: del.rows.map((r) => {
      const l = lastOf.get(`${r.wallet}|${r.token_address}`);
      return {
        wallet: r.wallet,
        token_address: r.token_address,
        balance: l?.balance ?? null,
        block: l?.block ?? null,
      };
    }),
  };
  const kept = restored.rows.filter((r) => r.balance !== null);
  const lost = restored.rows.filter((r) => r.balance === null);
  await client.query(
    `delete from wallet_balances b using unnest($1::text[], $2::text[]) as u(wallet_key, token_address)
     where b.wallet_key = u.wallet_key and b.token_address = u.token_address`,
    [lost.map((r) => `${chain}/${r.wallet}`), lost.map((r) => r.token_address)],
  );
  // an upsert (always present): Citus leaves an UPDATE ... FROM unnest() without effect
  await client.query(
    `insert into wallet_balances (wallet_key, chain_id, wallet, token_address, balance, updated_block, updated_at)
     select $1 || '/' || wallet, $1, wallet, token_address, balance, block, $5
     from unnest($2::text[], $3::text[], $4::numeric[], $6::bigint[]) as u(wallet, token_address, balance, block)
     on conflict (wallet_key, token_address) do update set balance = excluded.balance,
       updated_block = excluded.updated_block, updated_at = excluded.updated_at`,
    [
      chain,
      kept.map((r) => r.wallet),
      kept.map((r) => r.token_address),
      kept.map((r) => r.balance),
      Date.now(),
      kept.map((r) => r.block),
    ],
  );
  const positive = kept.filter((r) => hasHolders(r.token_address) && BigInt(r.balance!) > 0n);
  const notHeld = restored.rows.filter(
    (r) => hasHolders(r.token_address) && (r.balance === null || BigInt(r.balance) <= 0n),
  );
  await client.query(
    `delete from token_holders h using unnest($1::text[], $2::text[]) as u(token_key, holder)
     where h.token_key = u.token_key and h.holder = u.holder`,
    [notHeld.map((r) => tokenKey(chain, r.token_address)), notHeld.map((r) => r.wallet)],
  );
  await client.query(
    `insert into token_holders (token_key, chain_id, token_address, holder, balance, updated_block)
     select $1 || '/' || token_address, $1, token_address, holder, balance, block
     from unnest($2::text[], $3::text[], $4::numeric[], $5::bigint[]) as u(token_address, holder, balance, block)
     on conflict (token_key, holder) do update set balance = excluded.balance, updated_block = excluded.updated_block`,
    [
      chain,
      positive.map((r) => r.token_address),
      positive.map((r) => r.wallet),
      positive.map((r) => r.balance),
      positive.map((r) => r.block),
    ],
  );
  // one count per affected token, each on its own shard
  for (const token of new Set(tokens.filter(hasHolders))) {
    await client.query(
      `update token_holder_stats set holder_count = (select count(*) from token_holders where token_key = $1)
       where token_key = $1`,
      [tokenKey(chain, token)],
    );
  }
  return deleted;
}
