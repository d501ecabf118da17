import bs58 from "bs58";
import { describe, expect, it } from "vitest";
import { decodeSolanaTransaction } from "../../services/ingest/src/solana/decodeSolanaTransaction.ts";
import { pumpfunBondingProgress } from "../../services/ingest/src/solana/venues/pumpfunVenue.ts";
import { fixtureRecording, rawView } from "./fixtureData.ts";
import { fileKey, fixtureSwapCases } from "./fixtureSwapLegs.ts";

const recording = fixtureRecording();
/** Venues with a decoder whose IDL the fixtures do not hold: their rows are checked against balances */
const NO_IDL_VENUES = new Set(["MOONIT", "JUPITER_ORDER_ENGINE"]);
const swapCases = new Map(fixtureSwapCases().map((c) => [c.key, c]));
const byKey = new Map(recording.transactions.map((t) => [fileKey(t.file), t]));

describe("every Solana fixture through the decoders", () => {
  it("decodes all recorded transactions without an exception; failed ones yield nothing", () => {
    let failed = 0;
    for (const t of recording.transactions) {
      const raw = t.raw as Record<string, unknown>;
      const r = decodeSolanaTransaction(raw, { fallbackAtMs: 0 });
      expect(r.decoderErrors, t.file).toEqual([]);
      expect(r.undecodable, t.file).toBeNull();
      if (rawView(raw).failed) {
        failed++;
        expect(r.failed).toBe(true);
        expect(r.trades).toEqual([]);
        expect(r.pools).toEqual([]);
        expect(r.launchpadEvents).toEqual([]);
      }
      // a transaction where neither the venues' IDLs nor the manifest find a swap of a supported
      // venue has rows of the generic detector only, or of the venues the fixtures hold no IDL of
      // (both checked in swapCoverage.test.ts)
      if (!swapCases.has(fileKey(t.file))) {
        const generic = new Set([
          ...r.genericLegs.map((l) => l.pool),
          ...r.pools.filter((p) => NO_IDL_VENUES.has(p.venueType)).map((p) => p.address),
        ]);
        expect(
          r.trades.filter((x) => !generic.has(x.pool)),
          t.file,
        ).toEqual([]);
      }
    }
    // the fixtures README lists 13 failed transactions among 128 distinct ones
    expect(recording.transactions.length).toBe(128);
    expect(failed).toBe(13);
  });

  it("lists programs the registry does not name instead of failing on them", () => {
    const r = decodeSolanaTransaction(byKey.get("jupiterAggregatorV6_sharedAccountsRoute_2")!.raw);
    // SolFi (named in programs.json, no decoder) carries one leg of this route: a generic leg
    // beside the Raydium and Meteora ones
    expect(r.unknownPrograms).not.toContain("SoLFiHG9TfgtdUXUjWAxi3LtvYuFyDLVhBWxdMZxyCe");
    expect(r.genericLegs.map((l) => l.programId)).toEqual(["SoLFiHG9TfgtdUXUjWAxi3LtvYuFyDLVhBWxdMZxyCe"]);
    expect(r.trades).toHaveLength(3);
    // Manifest is in no registry entry: listed as unknown, its swap typed by its program id
    const manifest = decodeSolanaTransaction(byKey.get("jupiter_route_unrecognized_1")!.raw);
    expect(manifest.unknownPrograms).toContain("MNFSTqtC93rEfYHB6hF82sKdZpUDFWkViLByLd1k1Ms");
    expect(manifest.genericLegs.map((l) => l.venueType)).toEqual(["UNKNOWN_MNFSTqtC"]);
    let total = 0;
    for (const t of recording.transactions) total += decodeSolanaTransaction(t.raw).unknownPrograms.length;
    expect(total).toBeGreaterThan(20);
  });

  it("reads meta-only recordings as undecodable, without throwing", () => {
    expect(recording.metaOnly.length).toBe(2);
    for (const m of recording.metaOnly) {
      const r = decodeSolanaTransaction(m.raw);
      expect(r.undecodable).not.toBeNull();
      expect(r.trades).toEqual([]);
    }
  });

  it("decodes getBlock entries in json and jsonParsed encoding", () => {
    expect(recording.blocks).toHaveLength(2);
    let rows = 0;
    for (const b of recording.blocks) {
      const blockTime = b.raw.blockTime as number;
      for (const entry of b.raw.transactions as Record<string, unknown>[]) {
        const r = decodeSolanaTransaction(entry, { blockTime, slot: (b.raw.parentSlot as number) + 1 });
        expect(r.undecodable).toBeNull();
        for (const t of r.trades) {
          rows++;
          // jsonParsed Orca Whirlpool swap: the pool account owns its vaults
          const view = rawView(entry);
          const dBase = view.ownerDelta([t.pool], t.tokenAddress);
          const dQuote = view.ownerDelta([t.pool], t.quoteAddress);
          expect(t.amountToken).toBe(dBase < 0n ? -dBase : dBase);
          expect(t.amountQuote).toBe(dQuote < 0n ? -dQuote : dQuote);
          expect(t.isBuy).toBe(dBase < 0n);
          expect(t.at).toBe(blockTime * 1000);
        }
      }
    }
    expect(rows).toBe(1);
  });

  it("verifies at least one transaction for every venue decoder", () => {
    const perVenue = new Map<string, number>();
    for (const c of swapCases.values()) {
      for (const v of new Set([...c.legs, ...c.undescribed].map((l) => l.venue.toUpperCase())))
        perVenue.set(v, (perVenue.get(v) ?? 0) + 1);
    }
    console.log("fixture transactions decoded and verified per venue:", Object.fromEntries(perVenue));
    for (const v of [
      "PUMPFUN",
      "PUMPSWAP",
      "RAYDIUM_AMM_V4",
      "RAYDIUM_CPMM",
      "RAYDIUM_CLMM",
      "RAYDIUM_LAUNCHLAB",
      "ORCA_WHIRLPOOL",
      "METEORA_DLMM",
      "METEORA_DAMM_V1",
      "METEORA_DAMM_V2",
      "METEORA_DBC",
    ]) {
      expect(perVenue.get(v) ?? 0, v).toBeGreaterThan(0);
    }
  });
});

const PUMP = "6EF8rrecthR5Dkzon8Nwu78hRvfCKubJ14M5uBEwF6P";
/** Curve tokens kept back for the migration: 1B supply minus 793.1M sold on the curve (6 decimals). */
const RESERVED_FOR_MIGRATION = 206_900_000_000_000n;

describe("pump.fun launchpad facts", () => {
  it("create (with a first buy): deployer, creation time and bonding progress", () => {
    const raw = byKey.get("pumpfun_create_0")!.raw as Record<string, unknown>;
    const view = rawView(raw);
    const r = decodeSolanaTransaction(raw);
    const create = r.launchpadEvents.find((e) => e.kind === "create")!;
    expect(create.creator).toBe(view.signers[0]);
    expect(create.at).toBe((raw.blockTime as number) * 1000);
    const token = r.tokens.find((t) => t.address === create.mint && t.deployer)!;
    expect(token.deployer).toBe(view.signers[0]);
    // progress from the curve's own token balance after the buy
    const curveTokens = view.ownerDelta([create.pool], create.mint);
    const expected = pumpfunBondingProgress(curveTokens - RESERVED_FOR_MIGRATION);
    expect(expected).toBeGreaterThan(0);
    const pool = r.pools.filter((p) => p.address === create.pool).at(-1)!;
    expect(pool.bondingProgress).toBe(expected);
    expect(pool.isLaunchpad).toBe(true);
  });

  it("CreateV2 without a buy: deployer and zero progress", () => {
    const raw = byKey.get("create_token_pumpfun_1")!.raw as Record<string, unknown>;
    const view = rawView(raw);
    const r = decodeSolanaTransaction(raw);
    const create = r.launchpadEvents.find((e) => e.kind === "create")!;
    expect(create.creator).toBe(view.signers[0]);
    expect(create.mint).toBe(view.signers[1]);
    expect(create.bondingProgress).toBe(0);
    expect(r.trades).toEqual([]);
  });

  it("migration: graduation time from the migration event, deployer from the pool's coin creator", () => {
    const raw = byKey.get("migrate_pumpfun_1")!.raw as Record<string, unknown>;
    const view = rawView(raw);
    const r = decodeSolanaTransaction(raw);
    const migrate = r.launchpadEvents.find((e) => e.kind === "migrate")!;
    // CompletePumpAmmMigrationEvent read by hand: tag, discriminator, user, mint, three u64, then
    // bonding_curve (32) at 104 and timestamp (i64) at 136
    const meta = raw.meta as {
      innerInstructions: { instructions: { programIdIndex: number; data: string }[] }[];
    };
    const events = meta.innerInstructions
      .flatMap((g) => g.instructions)
      .filter((ix) => view.keys[ix.programIdIndex] === PUMP)
      .map((ix) => Buffer.from(bs58.decode(ix.data)))
      .filter((d) => d.subarray(8, 16).toString("hex") === "bde95db95c94ea94");
    expect(events).toHaveLength(1);
    const ts = Number(events[0]!.readBigInt64LE(136));
    expect(migrate.at).toBe(ts * 1000);
    expect(migrate.pool).toBe(bs58.encode(events[0]!.subarray(104, 136)));
    expect(migrate.bondingProgress).toBe(100);
    const curve = r.pools.find((p) => p.address === migrate.pool && p.migrated)!;
    expect(curve.graduatedAt).toBe(ts * 1000);
    // the deployer is not the migration's signer
    expect(migrate.creator).not.toBeNull();
    expect(view.signers).not.toContain(migrate.creator);
    expect(r.tokens.find((t) => t.address === migrate.mint)?.deployer).toBe(migrate.creator);
  });
});
