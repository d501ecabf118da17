import { PublicKey } from "@solana/web3.js";
import { createTestDatabase, type TestDatabase } from "@tapeline/core/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createSolanaReplayServer,
  type SolanaReplayServer,
} from "../../services/ingest/src/solana/replay/createSolanaReplayServer.ts";
import type { ReplayBlock } from "../../services/ingest/src/solana/replay/ReplayBlock.ts";
import { replayBlocksFromRecording } from "../../services/ingest/src/solana/replay/replayBlocksFromRecording.ts";
import { createSolanaRpcSource } from "../../services/ingest/src/solana/source/createSolanaRpcSource.ts";
import { createSolanaWorker } from "../../services/ingest/src/solana/worker/createSolanaWorker.ts";
import { createHolderQueries } from "../../services/query/src/holders/createHolderQueries.ts";
import { fixtureRecording } from "./fixtureData.ts";

/**
 * Solana balances kept by ingest from the recorded mainnet blocks: for every tracked mint (each
 * token with a market), the holders and per-wallet balances equal what the test computes from
 * the transactions' own pre/post token balances, read here from the raw node JSON: from the
 * block its tracking began, each token account's latest amount (its pre amount when first seen,
 * then each post), summed per owner.
 */

type Json = Record<string, unknown>;
type RawBalance = { accountIndex: number; mint: string; owner?: string; uiTokenAmount: { amount: string } };

/** Account keys of a raw json/jsonParsed transaction, lookup-table addresses appended. */
function accountKeys(raw: Json): string[] {
  const msg = (raw.transaction as Json).message as Json;
  const keys = (msg.accountKeys as (string | { pubkey: string })[]).map((k) =>
    typeof k === "string" ? k : k.pubkey,
  );
  const loaded = (raw.meta as Json).loadedAddresses as
    | { writable?: string[]; readonly?: string[] }
    | undefined;
  // jsonParsed keys already list the loaded addresses
  if (typeof (msg.accountKeys as unknown[])[0] === "string" && loaded)
    keys.push(...(loaded.writable ?? []), ...(loaded.readonly ?? []));
  return keys;
}

function expectedBalances(blocks: ReplayBlock[], start: Map<string, number>) {
  // mint -> account -> { owner, amount }
  const accounts = new Map<string, Map<string, { owner: string; amount: bigint }>>();
  for (const b of blocks) {
    for (const raw of b.transactions as Json[]) {
      const meta = raw.meta as Json;
      if (meta.err !== null && meta.err !== undefined) continue;
      const keys = accountKeys(raw);
      const pre = (meta.preTokenBalances ?? []) as RawBalance[];
      const post = (meta.postTokenBalances ?? []) as RawBalance[];
      const touched = new Map<string, { mint: string; owner: string; pre: bigint; post: bigint }>();
      for (const p of pre) {
        const acct = keys[p.accountIndex]!;
        touched.set(acct, {
          mint: p.mint,
          owner: p.owner ?? acct,
          pre: BigInt(p.uiTokenAmount.amount),
          post: 0n,
        });
      }
      for (const p of post) {
        const acct = keys[p.accountIndex]!;
        const t = touched.get(acct);
        if (t && t.mint === p.mint) t.post = BigInt(p.uiTokenAmount.amount);
        else
          touched.set(acct, {
            mint: p.mint,
            owner: p.owner ?? acct,
            pre: 0n,
            post: BigInt(p.uiTokenAmount.amount),
          });
      }
      for (const [acct, t] of touched) {
        const from = start.get(t.mint);
        if (from === undefined || b.slot < from) continue;
        const m = accounts.get(t.mint) ?? new Map();
        accounts.set(t.mint, m);
        m.set(acct, { owner: t.owner, amount: t.post });
      }
    }
  }
  const out = new Map<string, Map<string, bigint>>();
  for (const [mint, m] of accounts) {
    const owners = new Map<string, bigint>();
    for (const { owner, amount } of m.values()) owners.set(owner, (owners.get(owner) ?? 0n) + amount);
    out.set(mint, owners);
  }
  return out;
}

const P = 2n ** 255n - 19n;
function modPow(b: bigint, e: bigint): bigint {
  let r = 1n;
  let x = ((b % P) + P) % P;
  for (let k = e; k > 0n; k >>= 1n, x = (x * x) % P) if (k & 1n) r = (r * x) % P;
  return r;
}

/**
 * Whether 32 bytes decode to a point of ed25519 (RFC 8032 5.1.3): y below p, and
 * x^2 = (y^2 - 1) / (d y^2 + 1) a square mod p (x = 0 only with a clear sign bit).
 */
function onEd25519(bytes: Uint8Array): boolean {
  let y = 0n;
  for (let i = 31; i >= 0; i--) y = (y << 8n) | BigInt(bytes[i]!);
  const sign = y >> 255n;
  y &= (1n << 255n) - 1n;
  if (y >= P) return false;
  const d = (-121665n * modPow(121666n, P - 2n)) % P;
  const y2 = (y * y) % P;
  const x2 = ((((y2 - 1n) % P) + P) % P) * modPow((d * y2 + 1n) % P, P - 2n);
  const xx = ((x2 % P) + P) % P;
  if (xx === 0n) return sign === 0n;
  return modPow(xx, (P - 1n) / 2n) === 1n;
}

describe("Solana token balances from the recorded blocks", () => {
  let db: TestDatabase;
  let server: SolanaReplayServer;
  let blocks: ReplayBlock[];

  beforeAll(async () => {
    db = await createTestDatabase();
    blocks = replayBlocksFromRecording(fixtureRecording());
    server = await createSolanaReplayServer({ blocks });
    const source = createSolanaRpcSource({ endpoints: [server.url] });
    await createSolanaWorker({
      source,
      db: db.pool,
      startSlot: BigInt(blocks[0]!.slot),
      slotsPerBatch: 7,
    }).runUntil(BigInt(blocks.at(-1)!.slot));
  }, 120_000);

  afterAll(async () => {
    await server?.close();
    await db?.drop();
  });

  it("tracks every token with a market and keeps its holders as the transactions' balances give them", async () => {
    const stats = await db.pool.query<{ token_address: string; tracked_block: string; holder_count: string }>(
      "select token_address, tracked_block::text, holder_count::text from token_holder_stats where chain_id = 'solana'",
    );
    const markets = await db.pool.query<{ token_address: string }>(
      "select distinct token_address from pools where chain_id = 'solana'",
    );
    expect(stats.rows.map((r) => r.token_address).sort()).toEqual(
      markets.rows.map((r) => r.token_address).sort(),
    );
    const start = new Map(stats.rows.map((r) => [r.token_address, Number(r.tracked_block)]));
    const want = expectedBalances(blocks, start);
    let holders = 0;
    for (const s of stats.rows) {
      const owners = want.get(s.token_address) ?? new Map<string, bigint>();
      const positive = new Map([...owners].filter(([, v]) => v > 0n));
      const got = await db.pool.query<{ holder: string; balance: string }>(
        "select holder, balance::text from token_holders where token_key = $1",
        [`solana/${s.token_address}`],
      );
      expect(new Map(got.rows.map((r) => [r.holder, BigInt(r.balance)])), s.token_address).toEqual(positive);
      expect(Number(s.holder_count)).toBe(positive.size);
      const wallets = await db.pool.query<{ wallet: string; balance: string }>(
        "select wallet, balance::text from wallet_balances where chain_id = 'solana' and token_address = $1",
        [s.token_address],
      );
      const byWallet = new Map(wallets.rows.map((r) => [r.wallet, BigInt(r.balance)]));
      // an owner only ever seen at zero never held: its row may be absent
      expect(byWallet, s.token_address).toEqual(
        new Map([...owners].filter(([o, v]) => v > 0n || byWallet.has(o))),
      );
      holders += positive.size;
    }
    expect(stats.rows.length).toBeGreaterThan(20);
    expect(holders).toBeGreaterThan(50);
  });

  it("tags holders off the ed25519 curve (program-derived owners) programOwned, every bonding curve among them", async () => {
    const queries = createHolderQueries({ db: db.pool });
    const tracked = await db.pool.query<{ token_address: string }>(
      "select token_address from token_holder_stats where chain_id = 'solana'",
    );
    let pdas = 0;
    let keys = 0;
    let curves = 0;
    for (const t of tracked.rows) {
      const page = await queries.tokenHolders({
        chain: "solana",
        address: t.token_address,
        limit: 100,
        cursor: null,
      });
      expect(page.programOwnedChecked).toBe(true);
      for (const h of page.data) {
        const offCurve = !onEd25519(new PublicKey(h.address).toBytes());
        expect(h.tags.includes("programOwned"), h.address).toBe(offCurve);
        if (offCurve) pdas++;
        else keys++;
        // a launchpad curve is a program account, never a key
        if (h.tags.includes("bondingCurve")) {
          curves++;
          expect(h.tags).toContain("programOwned");
        }
      }
    }
    expect(pdas).toBeGreaterThan(0);
    expect(keys).toBeGreaterThan(0);
    expect(curves).toBeGreaterThan(0);
  });
});
