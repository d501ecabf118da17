import { SOLANA_LAMPORTS_TOKEN, SOLANA_NATIVE_MINT } from "@tapeline/core";
import { createTestDatabase, type TestDatabase } from "@tapeline/core/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { walletEndpoints } from "../../services/api/src/endpoints/wallet/endpoints.ts";
import {
  createSolanaReplayServer,
  type SolanaReplayServer,
} from "../../services/ingest/src/solana/replay/createSolanaReplayServer.ts";
import type { ReplayBlock } from "../../services/ingest/src/solana/replay/ReplayBlock.ts";
import { replayBlocksFromRecording } from "../../services/ingest/src/solana/replay/replayBlocksFromRecording.ts";
import { createSolanaRpcSource } from "../../services/ingest/src/solana/source/createSolanaRpcSource.ts";
import { createSolanaWorker } from "../../services/ingest/src/solana/worker/createSolanaWorker.ts";
import { rollbackTo } from "../../services/ingest/src/writer/rollbackTo.ts";
import { createPortfolioProvider } from "../../services/query/src/portfolio/provider.ts";
import { serveApi } from "../api/serveApi.ts";
import { fixtureRecording } from "./fixtureData.ts";

type Json = Record<string, unknown>;
type RawBalance = {
  accountIndex: number;
  mint: string;
  owner?: string;
  uiTokenAmount: { amount: string; decimals: number };
};
type Equity = {
  data: { currentValueUsd: number; points: { at: number; valueUsd: number }[] };
  meta: {
    from: number;
    to: number;
    intervalMs: number;
    unvaluedTokens: string[];
    partialPoints: number;
    nativeIncluded: boolean;
    nativeKnownFrom: number | null;
  };
};

const M = 60_000;
/** The canonical USD stablecoins on Solana (face value), as the contract lists them. */
const STABLES = new Set([
  "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v",
  "Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB",
  "USDSwr9ApdHk5bvJKMjzff41FfuX8bSxdKcR81vTwcA",
  "USD1ttGY1N17NEEHLmELoaybftRBUSErhqYiQzvEmuB",
  "2b1kV6DkPAnxd5ixfnxCpjxmKwqjjaYmCZfHsFu24GXo",
]);

/** Account keys of a raw json/jsonParsed transaction, lookup-table addresses appended. */
function accountKeys(raw: Json): string[] {
  const msg = (raw.transaction as Json).message as Json;
  const keys = (msg.accountKeys as (string | { pubkey: string })[]).map((k) =>
    typeof k === "string" ? k : k.pubkey,
  );
  const loaded = (raw.meta as Json).loadedAddresses as
    | { writable?: string[]; readonly?: string[] }
    | undefined;
  if (typeof (msg.accountKeys as unknown[])[0] === "string" && loaded)
    keys.push(...(loaded.writable ?? []), ...(loaded.readonly ?? []));
  return keys;
}

/** A wallet's balance of a mint right after a timed transaction touched it (raw), and its decimals. */
type Snapshot = { owner: string; mint: string; atMs: number; balance: bigint; decimals: number };

/**
 * Each owner's balance of each tracked mint after every timed transaction that touched it, from
 * the raw transactions' own pre/post token balances: from the slot its tracking began, each token
 * account's latest post amount (closed: 0), summed per owner. A transaction of a block without a
 * time moves the accounts but leaves no snapshot (it cannot be placed in time).
 */
function balanceSnapshots(blocks: ReplayBlock[], trackedFrom: Map<string, number>): Snapshot[] {
  const accounts = new Map<string, { owner: string; mint: string; amount: bigint }>();
  const decimals = new Map<string, number>();
  const out: Snapshot[] = [];
  for (const b of [...blocks].sort((x, y) => x.slot - y.slot)) {
    for (const raw of b.transactions as Json[]) {
      const meta = raw.meta as Json;
      if (meta.err !== null && meta.err !== undefined) continue;
      const keys = accountKeys(raw);
      const pre = (meta.preTokenBalances ?? []) as RawBalance[];
      const post = (meta.postTokenBalances ?? []) as RawBalance[];
      const touched = new Map<string, { owner: string; mint: string; amount: bigint }>();
      for (const p of pre) {
        const acct = keys[p.accountIndex]!;
        decimals.set(p.mint, p.uiTokenAmount.decimals);
        touched.set(acct, { owner: p.owner ?? acct, mint: p.mint, amount: 0n });
      }
      for (const p of post) {
        const acct = keys[p.accountIndex]!;
        decimals.set(p.mint, p.uiTokenAmount.decimals);
        const t = touched.get(acct);
        if (t && t.mint === p.mint) t.amount = BigInt(p.uiTokenAmount.amount);
        else
          touched.set(acct, { owner: p.owner ?? acct, mint: p.mint, amount: BigInt(p.uiTokenAmount.amount) });
      }
      const moved = new Set<string>();
      for (const [acct, t] of touched) {
        const from = trackedFrom.get(t.mint);
        if (from === undefined || b.slot < from) continue;
        accounts.set(acct, t);
        moved.add(`${t.owner}|${t.mint}`);
      }
      if (b.blockTime === null) continue;
      for (const k of moved) {
        const [owner, mint] = k.split("|") as [string, string];
        let balance = 0n;
        for (const a of accounts.values()) if (a.owner === owner && a.mint === mint) balance += a.amount;
        out.push({ owner, mint, atMs: b.blockTime * 1000, balance, decimals: decimals.get(mint)! });
      }
    }
  }
  return out;
}

/** A wallet's lamports right after a transaction changed them (or it joined), with the block. */
type NativeSnapshot = { owner: string; slot: number; seq: number; atMs: number | null; lamports: bigint };

/**
 * Each native-tracked wallet's lamports after every transaction that changed them, from the raw
 * transactions' own pre/post lamports (failed transactions too: they pay fees). A wallet joins at
 * the first successful transaction in which it owns a token account of a tracked mint whose
 * balance is listed and is itself one of the transaction's accounts (that transaction counted
 * whatever its lamports did; the writer keeps no row for a change of zero, so a wallet joining
 * with no lamports has its first row at its first change).
 */
function nativeSnapshots(blocks: ReplayBlock[], trackedFrom: Map<string, number>): NativeSnapshot[] {
  const wallets = new Set<string>();
  const out: NativeSnapshot[] = [];
  for (const b of [...blocks].sort((x, y) => x.slot - y.slot)) {
    for (const [seq, raw] of (b.transactions as Json[]).entries()) {
      const meta = raw.meta as Json;
      const keys = accountKeys(raw);
      const holders = new Set<string>();
      if (meta.err === null || meta.err === undefined) {
        const balances = [
          ...((meta.preTokenBalances ?? []) as RawBalance[]),
          ...((meta.postTokenBalances ?? []) as RawBalance[]),
        ];
        for (const p of balances) {
          const from = trackedFrom.get(p.mint);
          if (from !== undefined && b.slot >= from) holders.add(p.owner ?? keys[p.accountIndex]!);
        }
      }
      const pre = meta.preBalances as number[];
      const post = meta.postBalances as number[];
      keys.forEach((key, i) => {
        const joins = holders.has(key) && !wallets.has(key);
        if (joins) wallets.add(key);
        else if (!wallets.has(key) || pre[i] === post[i]) return;
        if (post[i] === 0) return;
        out.push({
          owner: key,
          slot: b.slot,
          seq,
          atMs: b.blockTime === null ? null : b.blockTime * 1000,
          lamports: BigInt(post[i]!),
        });
      });
    }
  }
  return out;
}

/**
 * The equity history on the recorded Solana blocks. The worker ingests them (balances, trades,
 * candles); a native/USD rate is stored for each recorded minute. For the wallets with the most
 * timed balance changes, at each minute one of them moved and the minute before, the served value
 * equals the holdings the test computes from the transactions' own pre/post token balances and
 * pre/post lamports (SOL counted from the wallet's first logged lamports on), each
 * priced at its main pool's 1-minute close up to the minute times the minute's rate (stablecoins
 * at face value, wrapped SOL at the rate), tokens of unknown close named in meta.
 */
describe("wallet equity history on the recorded Solana blocks", () => {
  let db: TestDatabase;
  let server: SolanaReplayServer;
  let blocks: ReplayBlock[];
  let url: string;
  let close: () => Promise<void>;
  /** the minutes given a native/USD rate (every recorded minute) */
  let rated: number[];
  const rateOf = (minute: number) => 100 + ((minute / M) % 89);
  /** the rate of a minute: the latest rated minute at or before it within the hour, else none */
  const rateAt = (minute: number): number | null => {
    const m = rated.filter((r) => r <= minute && r >= minute - 3_600_000).at(-1);
    return m === undefined ? null : rateOf(m);
  };

  beforeAll(async () => {
    db = await createTestDatabase();
    blocks = replayBlocksFromRecording(fixtureRecording());
    server = await createSolanaReplayServer({ blocks });
    // two workers, the second resuming from the checkpoint: it reads the native-tracked wallets
    // the first one stored, so the lamports logged after the restart check that reload too
    await createSolanaWorker({
      source: createSolanaRpcSource({ endpoints: [server.url] }),
      db: db.pool,
      startSlot: BigInt(blocks[0]!.slot),
      slotsPerBatch: 7,
    }).runUntil(BigInt(blocks[Math.floor(blocks.length / 2)]!.slot));
    await createSolanaWorker({
      source: createSolanaRpcSource({ endpoints: [server.url] }),
      db: db.pool,
      slotsPerBatch: 7,
    }).runUntil(BigInt(blocks.at(-1)!.slot));
    const minutes = [
      ...new Set(blocks.filter((b) => b.blockTime !== null).map((b) => Math.floor(b.blockTime! / 60) * M)),
    ].sort((a, b) => a - b);
    rated = minutes;
    await db.pool.query(
      `insert into native_prices (chain_id, minute, price_usd, source)
       select 'solana', m, 100 + ((m / 60000) % 89), 'test' from unnest($1::bigint[]) as m
       on conflict (chain_id, minute) do update set price_usd = excluded.price_usd`,
      [minutes],
    );
    const api = await serveApi({
      pool: db.pool,
      name: "solana-wallet-equity",
      providers: [createPortfolioProvider({ nodes: new Map() })],
      endpoints: [walletEndpoints],
    });
    url = api.url;
    close = api.close;
  }, 180_000);

  afterAll(async () => {
    await close?.();
    await server?.close();
    await db?.drop();
  });

  /** The 1-minute close (native per token) of a mint's main pool at or before a minute, null before its first trade. */
  async function closeOf(mint: string, minute: number): Promise<number | null> {
    const { rows } = await db.pool.query<{ close: string }>(
      `select c.close::text as close from candle_buckets c
       where c.market = (
         select p.market from pools p where p.chain_id = 'solana' and p.token_address = $1
         order by p.address = (select best_pool from tokens where chain_id = 'solana' and address = $1) desc nulls last,
                  p.liquidity_native desc nulls last, p.address limit 1)
         and c.resolution_s = 60 and c.bucket_start <= $2
       order by c.bucket_start desc limit 1`,
      [mint, minute / 1000],
    );
    return rows[0] ? Number(rows[0].close) : null;
  }

  async function trackedFrom(): Promise<Map<string, number>> {
    const stats = await db.pool.query<{ token_address: string; tracked_block: string }>(
      "select token_address, tracked_block::text from token_holder_stats where chain_id = 'solana'",
    );
    return new Map(stats.rows.map((r) => [r.token_address, Number(r.tracked_block)]));
  }

  it("values each wallet's recorded holdings at the minutes they moved and the minute before", async () => {
    const tracked = await trackedFrom();
    const snapshots = balanceSnapshots(blocks, tracked);
    const natives = nativeSnapshots(blocks, tracked);
    const byOwner = new Map<string, Snapshot[]>();
    for (const s of snapshots) byOwner.set(s.owner, [...(byOwner.get(s.owner) ?? []), s]);
    // the owners whose holdings moved in the most distinct minutes, with something held
    const owners = [...byOwner]
      .filter(([, list]) => list.some((s) => s.balance > 0n))
      .sort(
        (a, b) =>
          new Set(b[1].map((s) => Math.floor(s.atMs / M))).size -
            new Set(a[1].map((s) => Math.floor(s.atMs / M))).size || (a[0] < b[0] ? -1 : 1),
      )
      .slice(0, 6);
    expect(owners.length).toBe(6);
    let checked = 0;
    let valued = 0;
    let withNative = 0;
    let included = 0;
    for (const [owner, list] of owners) {
      const ownNative = natives.filter((n) => n.owner === owner && n.atMs !== null);
      const knownFrom = ownNative[0]?.atMs ?? null;
      const minutes = [...new Set(list.map((s) => Math.floor(s.atMs / M) * M))];
      for (const minute of minutes) {
        const res = await fetch(
          `${url}/v1/wallet/equity/history?${new URLSearchParams({ chain: "solana", wallet: owner, from: String(minute - M), to: String(minute + 59_999) })}`,
        );
        expect(res.status, await res.clone().text()).toBe(200);
        const body = (await res.json()) as Equity;
        expect(body.data.points.map((p) => p.at)).toEqual([minute - M, minute]);
        expect(body.meta.nativeKnownFrom, owner).toBe(knownFrom);
        expect(body.meta.nativeIncluded, owner).toBe(knownFrom !== null && knownFrom < minute);
        if (body.meta.nativeIncluded) included++;
        const unvalued = new Set<string>();
        for (const p of body.data.points) {
          // each mint's balance after its last timed change before the minute's end
          const last = new Map<string, Snapshot>();
          for (const s of list) if (s.atMs < p.at + M) last.set(s.mint, s);
          const rate = rateAt(p.at);
          let expected = 0;
          for (const s of last.values()) {
            if (s.balance === 0n) continue;
            const amount = Number(s.balance) / 10 ** s.decimals;
            const close =
              STABLES.has(s.mint) || s.mint === SOLANA_NATIVE_MINT ? null : await closeOf(s.mint, p.at);
            if (STABLES.has(s.mint)) expected += amount;
            else if (rate === null) unvalued.add(s.mint);
            else if (s.mint === SOLANA_NATIVE_MINT) expected += amount * rate;
            else if (close === null) unvalued.add(s.mint);
            else {
              expected += amount * close * rate;
              valued++;
            }
          }
          // SOL: the lamports after the wallet's last timed change before the minute's end
          const lamports = ownNative.filter((n) => n.atMs! < p.at + M).at(-1)?.lamports ?? null;
          if (lamports !== null && lamports > 0n) {
            if (rate === null) unvalued.add(SOLANA_LAMPORTS_TOKEN);
            else {
              expected += (Number(lamports) / 1e9) * rate;
              withNative++;
            }
          }
          const diff = Math.abs(p.valueUsd - expected);
          expect(diff, `${owner} at ${p.at}: ${p.valueUsd} vs ${expected}`).toBeLessThanOrEqual(
            1e-9 * Math.max(1, expected),
          );
          checked++;
        }
        // the current value's tokens may add to the list: the points' unpriced tokens are in it
        for (const t of unvalued) expect(body.meta.unvaluedTokens, owner).toContain(t);
      }
    }
    expect(checked).toBeGreaterThan(20);
    expect(valued).toBeGreaterThan(5);
    expect(withNative).toBeGreaterThan(5);
    expect(included).toBeGreaterThan(0);
  });

  it("logs every native-tracked wallet's lamports and a rollback removes the rows after the ancestor", async () => {
    const tracked = await trackedFrom();
    const natives = nativeSnapshots(blocks, tracked);
    const logged = async () =>
      (
        await db.pool.query<{ wallet: string; block: string; seq: number; balance: string }>(
          `select wallet, block::text, seq, balance::text from wallet_balance_changes
           where chain_id = 'solana' and token_address = $1 order by block, seq, wallet`,
          [SOLANA_LAMPORTS_TOKEN],
        )
      ).rows.map((r) => ({
        owner: r.wallet,
        slot: Number(r.block),
        seq: r.seq,
        lamports: BigInt(r.balance),
      }));
    const current = async () =>
      new Map(
        (
          await db.pool.query<{ wallet: string; balance: string }>(
            "select wallet, balance::text from wallet_balances where chain_id = 'solana' and token_address = $1",
            [SOLANA_LAMPORTS_TOKEN],
          )
        ).rows.map((r) => [r.wallet, BigInt(r.balance)]),
      );
    const lastOf = (list: { owner: string; lamports: bigint }[]) =>
      new Map(list.map((n) => [n.owner, n.lamports]));
    const expected = natives
      .map(({ owner, slot, seq, lamports }) => ({ owner, slot, seq, lamports }))
      .sort((a, b) => a.slot - b.slot || a.seq - b.seq || (a.owner < b.owner ? -1 : 1));
    expect(expected.length).toBeGreaterThan(20);
    expect(await logged()).toEqual(expected);
    expect(await current()).toEqual(lastOf(expected));
    const holders = await db.pool.query("select 1 from token_holders where token_key = $1", [
      `solana/${SOLANA_LAMPORTS_TOKEN}`,
    ]);
    expect(holders.rowCount).toBe(0);

    const slots = [...new Set(expected.map((n) => n.slot))];
    const ancestor = slots[Math.floor(slots.length / 2)]!;
    await rollbackTo(db.pool, "solana", BigInt(ancestor));
    const kept = expected.filter((n) => n.slot <= ancestor);
    expect(kept.length).toBeLessThan(expected.length);
    expect(await logged()).toEqual(kept);
    expect(await current()).toEqual(lastOf(kept));
    const accounts = await db.pool.query<{ account: string; amount: string }>(
      "select account, amount::text from token_accounts where token_key = $1",
      [`solana/${SOLANA_LAMPORTS_TOKEN}`],
    );
    // (a wallet that joined with no lamports has an account row at zero but no logged change)
    const positive = (m: Map<string, bigint>) => new Map([...m].filter(([, v]) => v > 0n));
    expect(positive(new Map(accounts.rows.map((r) => [r.account, BigInt(r.amount)])))).toEqual(
      positive(lastOf(kept)),
    );
  });
});
