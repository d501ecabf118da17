import { createHash } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createTestDatabase, type TestDatabase } from "@tapeline/core/testing";
import { writeBatch } from "@tapeline/ingest";
import bs58 from "bs58";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { marketEndpoints } from "../../services/api/src/endpoints/market/endpoints.ts";
import { pulseEndpoints } from "../../services/api/src/endpoints/pulse/endpoints.ts";
import { decodeSolanaTransaction } from "../../services/ingest/src/solana/decodeSolanaTransaction.ts";
import { createSolanaReplayServer } from "../../services/ingest/src/solana/replay/createSolanaReplayServer.ts";
import type { ReplayBlock } from "../../services/ingest/src/solana/replay/ReplayBlock.ts";
import { replayBlocksFromRecording } from "../../services/ingest/src/solana/replay/replayBlocksFromRecording.ts";
import { createSolanaRpcSource } from "../../services/ingest/src/solana/source/createSolanaRpcSource.ts";
import { createSolanaWorker } from "../../services/ingest/src/solana/worker/createSolanaWorker.ts";
import { createCreatorProfiles } from "../../services/query/src/identity/createCreatorProfiles.ts";
import { createJsonIdentitySource } from "../../services/query/src/identity/createJsonIdentitySource.ts";
import { createProfileQueries } from "../../services/query/src/identity/createProfileQueries.ts";
import { createMarketProvider } from "../../services/query/src/market/createMarketProvider.ts";
import { createPulseQueries } from "../../services/query/src/pulse/createPulseQueries.ts";
import type { QueryProvider } from "../../services/query/src/QueryProvider.ts";
import { type ServedApi, serveApi } from "../api/serveApi.ts";
import { fixtureRecording, rawView } from "./fixtureData.ts";
import { fixtureIdls, flatInstructions, VENUE_IDL } from "./fixtureSwapLegs.ts";

/**
 * GET /v1/pulse over the recorded mainnet blocks replayed through the Solana worker, with the
 * query clock pinned at chosen instants. What each view must list at each instant is computed
 * here from the transactions' own bytes (pump.fun CreateEvent, TradeEvent and
 * CompletePumpAmmMigrationEvent, Raydium LaunchLab TradeEvent, Meteora DBC EvtSwap2, read by
 * offset), never from our decoders; each row is then checked against GET /v1/token at the same
 * instant. One recorded LaunchLab curve is carried on to graduation by a migration instruction
 * laid out from the LaunchLab IDL (the fixtures hold no LaunchLab migration).
 */

const PUMPFUN = "6EF8rrecthR5Dkzon8Nwu78hRvfCKubJ14M5uBEwF6P";
const LAUNCHLAB = "LanMV9sAd7wArD4vJFi2qDdfnVhFxYSUg6eADduJ3uj";
const DBC = "dbcij3LWUppWqq96dh6gJWwBifmcGfLSB5D4DuSMaqN";
const EVENT_TAG = "e445a52e51cb9a1d";
/** Tokens a pump.fun curve sells (793.1M of 1B at 6 decimals), from the program's global config. */
const PUMPFUN_SOLD_AT_COMPLETION = 793_100_000_000_000n;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const disc = (name: string) =>
  createHash("sha256").update(`event:${name}`).digest().subarray(0, 8).toString("hex");
const key = (b: Buffer, at: number) => bs58.encode(b.subarray(at, at + 32));

/** A launchpad fact read from a recorded event: the curve is named by its token (pump.fun) or its pool. */
type Fact =
  | { kind: "create"; mint: string; at: number; creator: string }
  | {
      kind: "trade";
      program: string;
      mint: string | null;
      pool: string | null;
      at: number;
      progress: number;
      order: number;
    }
  | { kind: "migrate"; mint: string; at: number };

let db: TestDatabase;
let api: ServedApi;
let clock = 0;
let facts: Fact[] = [];
let blocks: ReplayBlock[];

/** Every launchpad event the recorded transactions emitted, in slot order, read by offset. */
function readFacts(): Fact[] {
  const out: Fact[] = [];
  const seen = new Set<string>();
  let order = 0;
  for (const b of blocks) {
    for (const raw of b.transactions) {
      const view = rawView(raw);
      const sig = ((raw.transaction as { signatures: string[] }).signatures ?? [])[0] ?? "";
      if (view.failed || seen.has(sig)) continue;
      seen.add(sig);
      const at = (b.blockTime ?? 0) * 1000;
      for (const ix of flatInstructions(raw)) {
        if (ix.data.subarray(0, 8).toString("hex") !== EVENT_TAG) continue;
        const d = ix.data;
        const name = d.subarray(8, 16).toString("hex");
        if (ix.programId === PUMPFUN && name === disc("CreateEvent")) {
          // three Borsh strings (u32 length + bytes), then mint, bonding_curve, user
          let o = 16;
          for (let s = 0; s < 3; s++) o += 4 + d.readUInt32LE(o);
          out.push({ kind: "create", mint: key(d, o), at, creator: view.signers[0] as string });
        } else if (ix.programId === PUMPFUN && name === disc("TradeEvent")) {
          // mint 16, sol 48, token 56, is_buy 64, user 65, timestamp 97, virtual sol 105,
          // virtual token 113, real sol 121, real token 129
          const real = d.readBigUInt64LE(129);
          const sold = PUMPFUN_SOLD_AT_COMPLETION - real;
          out.push({
            kind: "trade",
            program: PUMPFUN,
            mint: key(d, 16),
            pool: null,
            at,
            progress: (Number(sold) / Number(PUMPFUN_SOLD_AT_COMPLETION)) * 100,
            order: order++,
          });
        } else if (ix.programId === PUMPFUN && name === disc("CompletePumpAmmMigrationEvent")) {
          // user 16, mint 48, three u64, bonding_curve 104, timestamp 136
          out.push({ kind: "migrate", mint: key(d, 48), at: Number(d.readBigInt64LE(136)) * 1000 });
        } else if (ix.programId === LAUNCHLAB && name === disc("TradeEvent")) {
          // pool_state 16, total_base_sell 48, real_base_after 88
          const total = d.readBigUInt64LE(48);
          const after = d.readBigUInt64LE(88);
          out.push({
            kind: "trade",
            program: LAUNCHLAB,
            mint: null,
            pool: key(d, 16),
            at,
            progress: (Number(after) / Number(total)) * 100,
            order: order++,
          });
        } else if (ix.programId === DBC && name === disc("EvtSwap2")) {
          // pool 16, config 48, then quote_reserve_amount at 171 and migration_threshold at 179
          const reserve = d.readBigUInt64LE(171);
          const threshold = d.readBigUInt64LE(179);
          out.push({
            kind: "trade",
            program: DBC,
            mint: null,
            pool: key(d, 16),
            at,
            progress: (Number(reserve) / Number(threshold)) * 100,
            order: order++,
          });
        }
      }
    }
  }
  return out;
}

type Row = {
  chain: string;
  address: string;
  pool: { address: string } | null;
  bondingProgress: number | null;
  migrated: boolean;
  createdAt: number | null;
  graduatedAt: number | null;
  ageSeconds: number | null;
  creator: { address: string; displayName: null; avatarUrl: null; ensName: null } | null;
  [k: string]: unknown;
};

async function pulse(view: string, at: number, limit = 100): Promise<Row[]> {
  clock = at;
  const res = await fetch(`${api.url}/v1/pulse?view=${view}&chains=solana&limit=${limit}`);
  const body = (await res.json()) as { data: Row[]; meta: { view: string } };
  expect(res.status, JSON.stringify(body)).toBe(200);
  expect(body.meta.view).toBe(view);
  return body.data;
}

/** The curve a trade fact names, as the pulse row shows it: pump.fun by its token, the others by their pool. */
const curveOf = (f: Extract<Fact, { kind: "trade" }>) => f.mint ?? f.pool;
const idOf = (r: Row) =>
  facts.some((f) => f.kind === "trade" && f.mint === r.address) ? r.address : r.pool?.address;

/** The bonding view the recorded trades imply at `now`: curves traded in the last 24 h, not migrated, latest progress < 100. */
function expectedBonding(now: number): { id: string; progress: number }[] {
  const migrated = new Set(facts.flatMap((f) => (f.kind === "migrate" && f.at <= now ? [f.mint] : [])));
  const latest = new Map<string, Extract<Fact, { kind: "trade" }>>();
  for (const f of facts) {
    if (f.kind !== "trade" || f.at > now) continue;
    const id = curveOf(f) as string;
    const prior = latest.get(id);
    if (!prior || f.at > prior.at || (f.at === prior.at && f.order > prior.order)) latest.set(id, f);
  }
  return [...latest]
    .filter(([id, f]) => f.at > now - DAY && !migrated.has(id) && f.progress < 100)
    .map(([id, f]) => ({ id, progress: f.progress }))
    .sort((a, b) => b.progress - a.progress);
}

beforeAll(async () => {
  db = await createTestDatabase();
  blocks = replayBlocksFromRecording(fixtureRecording());
  const server = await createSolanaReplayServer({ blocks });
  const source = createSolanaRpcSource({ endpoints: [server.url], backoffMs: 1 });
  await createSolanaWorker({ source, db: db.pool, startSlot: BigInt(server.slots[0]!) }).runUntil(
    BigInt(server.slots.at(-1)!),
  );
  await server.close();
  facts = readFacts();
  const pinned: QueryProvider = {
    name: "pulse",
    create: ({ pool }) => ({ methods: { ...createPulseQueries({ db: pool, now: () => clock, ttlMs: 0 }) } }),
  };
  api = await serveApi({
    pool: db.pool,
    name: "pulse",
    providers: [createMarketProvider({ now: () => clock, tokenTtlMs: 0 }), pinned],
    endpoints: [pulseEndpoints, marketEndpoints],
  });
}, 120_000);

afterAll(async () => {
  await api?.close();
  await db?.drop();
});

/** Each row agrees with GET /v1/token for its token at the same instant. */
async function expectSameAsToken(rows: Row[]): Promise<void> {
  for (const r of rows) {
    const res = await fetch(`${api.url}/v1/token?chain=solana&address=${r.address}`);
    expect(res.status, r.address).toBe(200);
    const t = ((await res.json()) as { data: Record<string, unknown> }).data as {
      launchpad: { bondingProgress: number | null; graduated: boolean; graduatedAt: number | null } | null;
      pool: { address: string } | null;
      deployer: string | null;
      stats24h: { buys: number; sells: number; volumeUsd: number | null };
      [k: string]: unknown;
    };
    expect(r.bondingProgress, r.address).toBe(t.launchpad?.bondingProgress ?? null);
    expect(r.migrated).toBe(t.launchpad?.graduated ?? false);
    expect(r.graduatedAt).toBe(t.launchpad?.graduatedAt ?? null);
    expect(r.createdAt).toBe(t.createdAt);
    expect(r.pool?.address ?? null).toBe(t.pool?.address ?? null);
    expect(r.creator?.address ?? null).toBe(t.deployer);
    for (const f of [
      "name",
      "symbol",
      "nameRank",
      "totalSupply",
      "priceNative",
      "priceUsd",
      "liquidityNative",
    ])
      expect(r[f], `${r.address} ${f}`).toEqual(t[f]);
    expect(r.marketCapUsd).toEqual(t.marketCapUsd);
    expect([r.buys, r.sells, r.txns]).toEqual([
      t.stats24h.buys,
      t.stats24h.sells,
      t.stats24h.buys + t.stats24h.sells,
    ]);
    if (t.stats24h.volumeUsd === null) expect(r.volumeUsd).toBeNull();
    else
      expect(Math.abs((r.volumeUsd as number) - t.stats24h.volumeUsd)).toBeLessThanOrEqual(
        t.stats24h.volumeUsd * 1e-9,
      );
  }
}

describe("GET /v1/pulse over replayed pump.fun, LaunchLab and DBC transactions", () => {
  it("the recordings hold creations, trades on all three launchpads and a migration", () => {
    expect(facts.filter((f) => f.kind === "create").length).toBeGreaterThan(0);
    expect(facts.filter((f) => f.kind === "migrate").length).toBeGreaterThan(0);
    const trades = facts.filter((f): f is Extract<Fact, { kind: "trade" }> => f.kind === "trade");
    expect(new Set(trades.map((f) => f.program))).toEqual(new Set([PUMPFUN, LAUNCHLAB, DBC]));
  });

  it("new: a created token is listed for 24 h after its CreateEvent, with its creation time and creator, then leaves", async () => {
    const creates = facts.filter((f): f is Extract<Fact, { kind: "create" }> => f.kind === "create");
    for (const c of creates) {
      const soon = await pulse("new", c.at + 60_000);
      const row = soon.find((r) => r.address === c.mint);
      expect(row, c.mint).toBeDefined();
      expect(row!.createdAt).toBe(c.at);
      expect(row!.ageSeconds).toBe(60);
      expect(row!.creator).toEqual({ address: c.creator, displayName: null, avatarUrl: null, ensName: null });
      // newest first, each created in the 24 h before the instant
      const times = soon.map((r) => r.createdAt as number);
      expect([...times].sort((a, b) => b - a)).toEqual(times);
      for (const t of times) expect(t > c.at + 60_000 - DAY && t <= c.at + 60_000).toBe(true);
      await expectSameAsToken(soon);
      const later = await pulse("new", c.at + DAY + 60_000);
      expect(later.map((r) => r.address)).not.toContain(c.mint);
      // before its creation it is not listed either
      expect((await pulse("new", c.at - 1)).map((r) => r.address)).not.toContain(c.mint);
    }
  });

  it("new: a creator an identity source knows is shown with its profile fields, as GET /v1/wallet/profile reads them", async () => {
    const creates = facts.filter((f): f is Extract<Fact, { kind: "create" }> => f.kind === "create");
    const known = creates[0]!;
    const dir = mkdtempSync(join(tmpdir(), "pulse-identity-"));
    try {
      const file = join(dir, "identity.json");
      writeFileSync(
        file,
        JSON.stringify({
          records: [
            {
              network: "twitter",
              handle: "launcher",
              displayName: "Launcher",
              avatarUrl: "https://example.org/launcher.png",
              wallets: [known.creator],
            },
          ],
        }),
      );
      const profiles = createProfileQueries({
        db: db.pool,
        resolvers: [],
        sources: [createJsonIdentitySource(file)],
      });
      const creatorProfiles = createCreatorProfiles({ profiles });
      const at = (t: number) => createPulseQueries({ db: db.pool, now: () => t, ttlMs: 0, creatorProfiles });
      const rows = await at(known.at + 60_000).pulse({ view: "new", chains: ["solana"], limit: 100 });
      const { profile } = await profiles.walletProfile({ address: known.creator });
      expect(profile).not.toBeNull();
      const mine = rows.filter((r) => r.creator?.address === known.creator);
      expect(mine.map((r) => r.address)).toContain(known.mint);
      for (const r of mine)
        expect(r.creator).toEqual({
          address: known.creator,
          displayName: profile!.displayName,
          avatarUrl: profile!.avatarUrl,
          ensName: profile!.ensName,
        });
      expect(mine[0]!.creator!.displayName).toBe("Launcher");
      // a creator nothing knows keeps null fields
      const other = creates.find((c) => c.creator !== known.creator)!;
      const row = (await at(other.at + 60_000).pulse({ view: "new", chains: ["solana"], limit: 100 })).find(
        (r) => r.address === other.mint,
      );
      expect(row!.creator).toEqual({
        address: other.creator,
        displayName: null,
        avatarUrl: null,
        ensName: null,
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("bonding: at each trade's instant, exactly the curves the recorded trades leave active, by their progress", async () => {
    const instants = [
      ...new Set(facts.flatMap((f) => (f.kind === "trade" ? [f.at + 60_000, f.at + DAY + 1] : []))),
    ];
    let listed = 0;
    for (const now of instants) {
      const rows = await pulse("bonding", now);
      const expected = expectedBonding(now);
      expect(rows.map(idOf), new Date(now).toISOString()).toEqual(expected.map((e) => e.id));
      rows.forEach((r, i) => {
        // stored to 4 decimals (pump.fun, LaunchLab) or as a float (DBC)
        expect(Math.abs((r.bondingProgress as number) - expected[i]!.progress)).toBeLessThan(1e-4);
        expect(r.migrated).toBe(false);
      });
      await expectSameAsToken(rows);
      listed += rows.length;
    }
    expect(listed).toBeGreaterThan(0);
  });

  it("graduated: a migrated pump.fun curve is listed for 7 days from its migration event, at 100%, and leaves bonding", async () => {
    const migrations = facts.filter((f): f is Extract<Fact, { kind: "migrate" }> => f.kind === "migrate");
    for (const m of migrations) {
      const rows = await pulse("graduated", m.at + HOUR);
      const row = rows.find((r) => r.address === m.mint);
      expect(row, m.mint).toBeDefined();
      expect(row).toMatchObject({ migrated: true, bondingProgress: 100, graduatedAt: m.at });
      await expectSameAsToken(rows);
      expect((await pulse("bonding", m.at + HOUR)).map((r) => r.address)).not.toContain(m.mint);
      expect((await pulse("graduated", m.at + 7 * DAY + 1)).map((r) => r.address)).not.toContain(m.mint);
      expect((await pulse("graduated", m.at - 1)).map((r) => r.address)).not.toContain(m.mint);
    }
  });

  it("a LaunchLab curve moves from bonding to graduated when its migration instruction lands", async () => {
    const trade = facts.find(
      (f): f is Extract<Fact, { kind: "trade" }> => f.kind === "trade" && f.program === LAUNCHLAB,
    );
    const raw = blocks
      .flatMap((b) => b.transactions)
      .find((t) => flatInstructions(t).some((ix) => ix.programId === LAUNCHLAB))!;
    expect(trade).toBeDefined();
    const pool = trade!.pool as string;
    const before = await pulse("bonding", trade!.at + 60_000);
    const row = before.find((r) => r.pool?.address === pool);
    expect(row, pool).toBeDefined();
    const mint = row!.address;
    // the mint the recorded trade moved in and out of the curve's vaults
    expect(rawView(raw).keys).toContain(mint);

    const idl = fixtureIdls().get(VENUE_IDL.raydium_launchlab!) as unknown as {
      instructions: { name: string; discriminator: number[]; accounts: { name: string }[] }[];
    };
    const ix = idl.instructions.find((i) => i.name === "migrate_to_amm")!;
    const blockTime = Math.floor((trade!.at + 2 * HOUR) / 1000);
    const named: Record<string, string> = {
      pool_state: pool,
      base_mint: mint,
      quote_mint: "So11111111111111111111111111111111111111112",
    };
    const keys = ix.accounts.map(
      (a) => named[a.name] ?? bs58.encode(createHash("sha256").update(`migrate_to_amm:${a.name}`).digest()),
    );
    const accountKeys = [...keys, LAUNCHLAB];
    const migration = {
      slot: 500_000_000,
      blockTime,
      transaction: {
        signatures: [bs58.encode(createHash("sha512").update("pulse migrate_to_amm").digest())],
        message: {
          header: { numRequiredSignatures: 1, numReadonlySignedAccounts: 0, numReadonlyUnsignedAccounts: 1 },
          accountKeys,
          recentBlockhash: bs58.encode(createHash("sha256").update("blockhash").digest()),
          instructions: [
            {
              programIdIndex: accountKeys.length - 1,
              accounts: ix.accounts.map((_, k) => k),
              data: bs58.encode(Buffer.from(ix.discriminator)),
              stackHeight: null,
            },
          ],
        },
      },
      meta: {
        err: null,
        fee: 5000,
        preBalances: accountKeys.map(() => 0),
        postBalances: accountKeys.map(() => 0),
        innerInstructions: [],
        preTokenBalances: [],
        postTokenBalances: [],
        logMessages: [],
        loadedAddresses: { writable: [], readonly: [] },
      },
    };
    const decoded = decodeSolanaTransaction(migration);
    await writeBatch(db.pool, {
      chain: "solana",
      blocks: [],
      trades: [],
      pools: decoded.pools,
      tokens: decoded.tokens,
    });
    const after = blockTime * 1000 + 60_000;
    expect((await pulse("bonding", after)).map((r) => r.address)).not.toContain(mint);
    const graduated = await pulse("graduated", after);
    const g = graduated.find((r) => r.address === mint);
    expect(g).toMatchObject({ migrated: true, bondingProgress: 100, graduatedAt: blockTime * 1000 });
    expect(g!.pool?.address).toBe(pool);
    await expectSameAsToken(graduated);
  });

  const refusals: [string, string, string][] = [
    ["view missing", "chains=solana", "view"],
    ["view unknown", "view=old&chains=solana", "view"],
    ["chains missing", "view=new", "chains"],
    ["chains not chain ids", "view=new&chains=sol", "chains"],
    ["chains with an empty item", "view=new&chains=solana,", "chains"],
    [
      "chains over 8",
      `view=new&chains=${Array.from({ length: 9 }, (_, i) => `evm:${i + 1}`).join(",")}`,
      "chains",
    ],
    ["limit 0", "view=new&chains=solana&limit=0", "limit"],
    ["limit 101", "view=new&chains=solana&limit=101", "limit"],
    ["limit not an integer", "view=new&chains=solana&limit=1e1", "limit"],
    ["unknown parameter", "view=new&chains=solana&chain=solana", "chain"],
  ];
  for (const [label, qs, param] of refusals) {
    it(`refuses ${label}: 400 INVALID_PARAM naming ${param}`, async () => {
      const res = await fetch(`${api.url}/v1/pulse?${qs}`);
      const body = (await res.json()) as { error: { code: string; details: { param: string } } };
      expect(res.status).toBe(400);
      expect(body.error.code).toBe("INVALID_PARAM");
      expect(body.error.details.param).toBe(param);
    });
  }

  it("limit cuts the list and defaults to 30; 8 chains are accepted", async () => {
    const instant = facts.find((f) => f.kind === "create")!.at + 60_000;
    clock = instant;
    const all = await pulse("new", instant);
    const one = await pulse("new", instant, 1);
    expect(one).toEqual(all.slice(0, 1));
    const eight = Array.from({ length: 7 }, (_, i) => `evm:${i + 1}`).join(",");
    const res = await fetch(`${api.url}/v1/pulse?view=new&chains=solana,${eight}`);
    expect(res.status).toBe(200);
    const doc = (await (await fetch(`${api.url}/openapi.json`)).json()) as {
      paths: Record<string, { get: { parameters: { name: string; schema: { default?: unknown } }[] } }>;
    };
    const params = doc.paths["/v1/pulse"]!.get.parameters;
    expect(params.map((p) => p.name).sort()).toEqual(["chains", "limit", "view"]);
    expect(params.find((p) => p.name === "limit")!.schema.default).toBe(30);
  });
});
