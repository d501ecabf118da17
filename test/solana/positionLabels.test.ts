import { createHash } from "node:crypto";
import { createTestDatabase, type TestDatabase } from "@tapeline/core/testing";
import bs58 from "bs58";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { walletEndpoints } from "../../services/api/src/endpoints/wallet/endpoints.ts";
import {
  createSolanaReplayServer,
  type SolanaReplayServer,
} from "../../services/ingest/src/solana/replay/createSolanaReplayServer.ts";
import { replayBlocksFromRecording } from "../../services/ingest/src/solana/replay/replayBlocksFromRecording.ts";
import { createSolanaRpcSource } from "../../services/ingest/src/solana/source/createSolanaRpcSource.ts";
import { createSolanaWorker } from "../../services/ingest/src/solana/worker/createSolanaWorker.ts";
import { recomputeWalletBadges } from "../../services/jobs/src/traders/recomputeWalletBadges.ts";
import { chainNodeOf, createPortfolioProvider } from "../../services/query/src/portfolio/provider.ts";
import { serveApi } from "../api/serveApi.ts";
import { fixtureRecording, rawView } from "./fixtureData.ts";
import { flatInstructions } from "./fixtureSwapLegs.ts";

/**
 * Position labels on the recorded mainnet blocks: the blocks replayed through the Solana worker,
 * holdings from the replay node, and each pump.fun launch's creator and buyers asked for their
 * position on the launched mint. The creator, the slots and every trade (with its SOL amount) are
 * read here from the transactions' own bytes (CreateEvent, TradeEvent, by offset): `dev` is the
 * creator, `sniper` a buyer within 5 s of the curve's first trade or in slots 0-3 after its
 * creation, `bundler` one of at least 4 buyers in the first trade's slot (creator and creation
 * transaction left out), `whale` at least 500,000 USD traded over 30 days (SOL at the highest
 * stored SOL/USD rate bounds it from above), `proTrader` and `smartTrader` the badge job's
 * judgement, absent before it runs.
 */

const PUMPFUN = "6EF8rrecthR5Dkzon8Nwu78hRvfCKubJ14M5uBEwF6P";
const EVENT_TAG = "e445a52e51cb9a1d";
const disc = (name: string) =>
  createHash("sha256").update(`event:${name}`).digest().subarray(0, 8).toString("hex");
const key = (b: Buffer, at: number) => bs58.encode(b.subarray(at, at + 32));

type Create = { mint: string; creator: string; slot: number; sig: string };
type Trade = {
  mint: string;
  user: string;
  isBuy: boolean;
  lamports: bigint;
  slot: number;
  at: number;
  sig: string;
};

let db: TestDatabase;
let server: SolanaReplayServer;
let api: Awaited<ReturnType<typeof serveApi>>;
let clock = 0;
const creates: Create[] = [];
const trades: Trade[] = [];

beforeAll(async () => {
  db = await createTestDatabase();
  const blocks = replayBlocksFromRecording(fixtureRecording());
  server = await createSolanaReplayServer({ blocks });
  const source = createSolanaRpcSource({ endpoints: [server.url], backoffMs: 1 });
  await createSolanaWorker({ source, db: db.pool, startSlot: BigInt(server.slots[0]!) }).runUntil(
    BigInt(server.slots.at(-1)!),
  );
  const seen = new Set<string>();
  for (const b of blocks) {
    const at = (b.blockTime ?? 0) * 1000;
    for (const raw of b.transactions) {
      const view = rawView(raw);
      const sig = ((raw.transaction as { signatures: string[] }).signatures ?? [])[0] ?? "";
      if (view.failed || seen.has(sig)) continue;
      seen.add(sig);
      for (const ix of flatInstructions(raw)) {
        if (ix.programId !== PUMPFUN || ix.data.subarray(0, 8).toString("hex") !== EVENT_TAG) continue;
        const d = ix.data;
        const name = d.subarray(8, 16).toString("hex");
        if (name === disc("CreateEvent")) {
          let o = 16;
          for (let s = 0; s < 3; s++) o += 4 + d.readUInt32LE(o);
          creates.push({ mint: key(d, o), creator: key(d, o + 64), slot: Number(b.slot), sig });
        } else if (name === disc("TradeEvent")) {
          // mint 16, sol_amount 48, token_amount 56, is_buy 64, user 65
          trades.push({
            mint: key(d, 16),
            user: key(d, 65),
            isBuy: d[64] === 1,
            lamports: d.readBigUInt64LE(48),
            slot: Number(b.slot),
            at,
            sig,
          });
        }
      }
    }
  }
  api = await serveApi({
    pool: db.pool,
    name: "solana-position-labels",
    providers: [
      createPortfolioProvider({
        nodes: new Map([["solana", chainNodeOf("solana", { url: server.url, multicall3: null })]]),
        now: () => clock,
        holdingsTtlMs: 0,
      }),
    ],
    endpoints: [walletEndpoints],
  });
}, 180_000);

afterAll(async () => {
  await api?.close();
  await server?.close();
  await db?.drop();
});

/** The labels the documented rules give each wallet of each launch, badges aside. */
async function expectedLaunchLabels() {
  const { rows } = await db.pool.query<{ max: string | null }>(
    "select max(price_usd)::text as max from native_prices where chain_id = 'solana'",
  );
  const maxRate = Number(rows[0]?.max ?? 0);
  const out: { mint: string; wallet: string; labels: string[]; clock: number }[] = [];
  for (const c of creates) {
    const own = trades.filter((t) => t.mint === c.mint).sort((a, b) => a.at - b.at || a.slot - b.slot);
    const first = own[0];
    if (!first) continue;
    const counted = own.filter((t) => t.isBuy && t.user !== c.creator && t.sig !== c.sig);
    const snipers = new Set(
      counted.filter((t) => t.at <= first.at + 5_000 || t.slot <= c.slot + 3).map((t) => t.user),
    );
    const launchBuyers = new Set(counted.filter((t) => t.slot === first.slot).map((t) => t.user));
    const bundlers = launchBuyers.size >= 4 ? launchBuyers : new Set<string>();
    const at = Math.max(...own.map((t) => t.at)) + 60_000;
    for (const wallet of new Set([c.creator, ...own.map((t) => t.user)])) {
      const lamports = own.filter((t) => t.user === wallet).reduce((a, t) => a + t.lamports, 0n);
      const labels = [
        ...(wallet === c.creator ? ["dev"] : []),
        ...(snipers.has(wallet) ? ["sniper"] : []),
        ...(bundlers.has(wallet) ? ["bundler"] : []),
        ...((Number(lamports) / 1e9) * maxRate >= 500_000 ? ["whale"] : []),
      ];
      out.push({ mint: c.mint, wallet, labels, clock: at });
    }
  }
  return out;
}

async function positionOf(wallet: string, mint: string) {
  const qs = new URLSearchParams({ chain: "solana", wallet, tokens: mint, minValueUsd: "0" });
  const res = await fetch(`${api.url}/v1/wallet/positions?${qs}`);
  const body = (await res.json()) as { data: { address: string; kind: string; labels: string[] }[] };
  expect(res.status, JSON.stringify(body)).toBe(200);
  return body.data.find((r) => r.address === mint && r.kind === "position") ?? null;
}

describe("position labels on the recorded pump.fun launches", () => {
  it("label each launch's creator and buyers by the documented rules", async () => {
    const want = await expectedLaunchLabels();
    expect(want.length).toBeGreaterThan(0);
    let rows = 0;
    const served = new Set<string>();
    for (const w of want) {
      clock = w.clock;
      const row = await positionOf(w.wallet, w.mint);
      if (!row) continue;
      expect(row.labels, `${w.mint} ${w.wallet}`).toEqual(w.labels);
      for (const l of row.labels) served.add(l);
      rows += 1;
    }
    expect(rows).toBeGreaterThan(0);
    expect(served.has("sniper") || served.has("dev")).toBe(true);
  });

  it("repeat the wallet's badges on every position once the badge job has judged it", async () => {
    const want = await expectedLaunchLabels();
    const judged = await recomputeWalletBadges(db.pool, "solana", Math.max(...want.map((w) => w.clock)));
    expect(judged.wallets).toBeGreaterThan(0);
    const { rows: badges } = await db.pool.query<{
      wallet: string;
      pro_trader: boolean;
      smart_trader: boolean;
    }>("select wallet, pro_trader, smart_trader from wallet_badges where chain_id = 'solana'");
    const byWallet = new Map(badges.map((b) => [b.wallet, b]));
    let rows = 0;
    for (const w of want) {
      clock = w.clock;
      const row = await positionOf(w.wallet, w.mint);
      if (!row) continue;
      const b = byWallet.get(w.wallet);
      expect(row.labels, `${w.mint} ${w.wallet}`).toEqual([
        ...w.labels,
        ...(b?.pro_trader ? ["proTrader"] : []),
        ...(b?.smart_trader ? ["smartTrader"] : []),
      ]);
      rows += 1;
    }
    expect(rows).toBeGreaterThan(0);
  });
});
