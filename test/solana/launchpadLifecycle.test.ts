import { createHash } from "node:crypto";
import bs58 from "bs58";
import { describe, expect, it } from "vitest";
import { ANCHOR_EVENT_LAYOUTS } from "../../services/ingest/src/solana/anchorEventLayouts.ts";
import { decodeSolanaTransaction } from "../../services/ingest/src/solana/decodeSolanaTransaction.ts";
import { meteoraDbcBondingProgress } from "../../services/ingest/src/solana/venues/meteoraDbcVenue.ts";
import { raydiumLaunchlabBondingProgress } from "../../services/ingest/src/solana/venues/raydiumLaunchlabVenue.ts";
import { fixtureRecording, rawView } from "./fixtureData.ts";
import { fileKey, fixtureIdls, flatInstructions, VENUE_IDL } from "./fixtureSwapLegs.ts";

const DBC = "dbcij3LWUppWqq96dh6gJWwBifmcGfLSB5D4DuSMaqN";
const LAUNCHLAB = "LanMV9sAd7wArD4vJFi2qDdfnVhFxYSUg6eADduJ3uj";
const EVENT_TAG = "e445a52e51cb9a1d";

const byKey = new Map(fixtureRecording().transactions.map((t) => [fileKey(t.file), t]));
const eventDiscriminator = (name: string) =>
  createHash("sha256").update(`event:${name}`).digest().subarray(0, 8).toString("hex");

/** The self-CPI events a program emitted in a recorded transaction, as raw bytes (tag and discriminator included). */
function recordedEvents(raw: Record<string, unknown>, program: string, name: string): Buffer[] {
  return flatInstructions(raw)
    .filter((ix) => ix.programId === program && ix.data.subarray(0, 8).toString("hex") === EVENT_TAG)
    .map((ix) => ix.data)
    .filter((d) => d.subarray(8, 16).toString("hex") === eventDiscriminator(name));
}

describe("Meteora DBC bonding progress", () => {
  it("comes from the recorded swap's EvtSwap2: quote reserve over the migration threshold", () => {
    const raw = byKey.get("swap_mintech_1")!.raw as Record<string, unknown>;
    const [ev, ...rest] = recordedEvents(raw, DBC, "EvtSwap2");
    expect(rest).toEqual([]);
    // EvtSwap2 read by hand: tag and discriminator (16), pool and config (64), direction and
    // referral flag (2), SwapParameters2 (17), SwapResult2 (72), then quote_reserve_amount,
    // migration_threshold and current_timestamp
    expect(ev!.length).toBe(16 + 64 + 2 + 17 + 72 + 24);
    const quoteReserve = ev!.readBigUInt64LE(171);
    const threshold = ev!.readBigUInt64LE(179);
    expect(Number(ev!.readBigUInt64LE(187))).toBe(raw.blockTime);
    const pool = bs58.encode(ev!.subarray(16, 48));

    const r = decodeSolanaTransaction(raw);
    const trade = r.trades.find((t) => t.pool === pool)!;
    expect(trade).toBeDefined();
    const curve = r.pools.find((p) => p.address === pool)!;
    expect(curve.isLaunchpad).toBe(true);
    expect(curve.launchpad).toBe("meteora_dbc");
    expect(quoteReserve).toBeGreaterThan(0n);
    expect(curve.bondingProgress).toBeCloseTo((Number(quoteReserve) / Number(threshold)) * 100, 15);
    expect(curve.bondingProgress).toBeGreaterThan(0);
    expect(meteoraDbcBondingProgress(threshold, threshold)).toBe(100);
    expect(meteoraDbcBondingProgress(threshold / 2n, threshold)).toBe(50);
    // the curve is not filled: no completion, no migration
    expect(recordedEvents(raw, DBC, "EvtCurveComplete")).toEqual([]);
    expect(r.launchpadEvents).toEqual([]);
  });
});

describe("Raydium LaunchLab bonding progress", () => {
  it("comes from the recorded trade's TradeEvent: base sold over the curve's total", () => {
    const raw = byKey.get("swap_raydium_launchpad_1")!.raw as Record<string, unknown>;
    const [ev, ...rest] = recordedEvents(raw, LAUNCHLAB, "TradeEvent");
    expect(rest).toEqual([]);
    // TradeEvent read by hand: pool_state at 16, total_base_sell at 48, real_base_after at 88,
    // trade_direction and pool_status after the fourteen u64 fields
    const pool = bs58.encode(ev!.subarray(16, 48));
    const totalBaseSell = ev!.readBigUInt64LE(48);
    const realBaseAfter = ev!.readBigUInt64LE(88);
    const poolStatus = ev![16 + 32 + 13 * 8 + 1];

    const r = decodeSolanaTransaction(raw);
    const curve = r.pools.find((p) => p.address === pool)!;
    expect(curve.launchpad).toBe("raydium_launchlab");
    expect(curve.bondingProgress).toBe(Number((realBaseAfter * 1_000_000n) / totalBaseSell) / 10_000);
    expect(curve.bondingProgress).toBeGreaterThan(0);
    expect(raydiumLaunchlabBondingProgress(totalBaseSell, totalBaseSell)).toBe(100);
    // PoolStatus::Fund: still selling, so no completion
    expect(poolStatus).toBe(0);
    expect(r.launchpadEvents.filter((e) => e.kind === "complete")).toEqual([]);
  });
});

type IdlAccount = { name: string };
type IdlIx = { name: string; discriminator: number[]; accounts: IdlAccount[] };

/**
 * A transaction that runs one launchpad migration instruction, laid out from the venue's IDL
 * (discriminator and account order). The fixtures record no LaunchLab or DBC migration, so the
 * instruction is assembled here; each account is a distinct key named after its IDL account.
 */
function migrationTransaction(program: string, ix: IdlIx, blockTime: number) {
  const keyOf = (name: string) => bs58.encode(createHash("sha256").update(`${ix.name}:${name}`).digest());
  const accountKeys = [...ix.accounts.map((a) => keyOf(a.name)), program];
  const raw = {
    slot: 400_000_000,
    blockTime,
    transaction: {
      signatures: [bs58.encode(createHash("sha512").update(ix.name).digest())],
      message: {
        header: { numRequiredSignatures: 1, numReadonlySignedAccounts: 0, numReadonlyUnsignedAccounts: 1 },
        accountKeys,
        recentBlockhash: keyOf("blockhash"),
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
  return { raw, keyOf };
}

const idlInstruction = (venue: string, name: string): IdlIx => {
  const idl = fixtureIdls().get(VENUE_IDL[venue]!) as unknown as { instructions: IdlIx[] };
  return idl.instructions.find((i) => i.name === name)!;
};

describe("launchpad migrations (assembled from the IDLs)", () => {
  const cases = [
    {
      venue: "meteora_dbc",
      program: DBC,
      ix: "migrate_meteora_damm",
      curve: "virtual_pool",
      to: "pool",
      mint: "token_a_mint",
      quote: "token_b_mint",
    },
    {
      venue: "meteora_dbc",
      program: DBC,
      ix: "migration_damm_v2",
      curve: "virtual_pool",
      to: "pool",
      mint: "base_mint",
      quote: "quote_mint",
    },
    {
      venue: "raydium_launchlab",
      program: LAUNCHLAB,
      ix: "migrate_to_amm",
      curve: "pool_state",
      to: "amm_pool",
      mint: "base_mint",
      quote: "quote_mint",
    },
    {
      venue: "raydium_launchlab",
      program: LAUNCHLAB,
      ix: "migrate_to_cpswap",
      curve: "pool_state",
      to: "cpswap_pool",
      mint: "base_mint",
      quote: "quote_mint",
    },
  ];
  for (const c of cases) {
    it(`${c.venue} ${c.ix}: graduation at the migration, to the pool it names`, () => {
      const blockTime = 1_777_400_000;
      const { raw, keyOf } = migrationTransaction(c.program, idlInstruction(c.venue, c.ix), blockTime);
      const view = rawView(raw);
      expect(view.signers).toHaveLength(1);
      const r = decodeSolanaTransaction(raw);
      expect(r.decoderErrors).toEqual([]);
      expect(r.trades).toEqual([]);
      expect(r.launchpadEvents).toEqual([
        expect.objectContaining({
          kind: "migrate",
          launchpad: c.venue,
          mint: keyOf(c.mint),
          pool: keyOf(c.curve),
          migratedTo: keyOf(c.to),
          at: blockTime * 1000,
          bondingProgress: 100,
          creator: null,
        }),
      ]);
      const curve = r.pools.find((p) => p.address === keyOf(c.curve))!;
      expect(curve).toMatchObject({
        migrated: true,
        graduatedAt: blockTime * 1000,
        bondingProgress: 100,
        tokenAddress: keyOf(c.mint),
        quoteAddress: keyOf(c.quote),
        isLaunchpad: true,
      });
    });
  }

  it("another instruction of the same programs records no migration", () => {
    const { raw } = migrationTransaction(
      DBC,
      idlInstruction("meteora_dbc", "claim_trading_fee"),
      1_777_400_000,
    );
    const r = decodeSolanaTransaction(raw);
    expect(r.launchpadEvents).toEqual([]);
    expect(r.pools).toEqual([]);
  });
});

type IdlType = string | { defined?: { name: string } | string; array?: unknown; option?: unknown };
type IdlTypeDef = {
  name: string;
  type: { kind: "struct"; fields: { name: string; type: IdlType }[] } | { kind: "enum"; variants: unknown[] };
};

describe("event layouts against the venues' IDLs", () => {
  it("each decoded event has the IDL's discriminator, field names and Borsh types in order", () => {
    let checked = 0;
    for (const [program, layouts] of ANCHOR_EVENT_LAYOUTS) {
      const idls = [...fixtureIdls().values()].filter(
        (i) => ((i as { address?: string }).address ?? null) === program,
      ) as unknown as { events?: { name: string; discriminator: number[] }[]; types: IdlTypeDef[] }[];
      expect(idls.length, program).toBeGreaterThan(0);
      for (const layout of layouts) {
        const idl = idls.find((i) => i.events?.some((e) => e.name === layout.name));
        // EvtSwap2 is newer than the fixtures' DBC IDL; the recorded swap checks its bytes above
        if (!idl) {
          expect(layout.name).toBe("EvtSwap2");
          expect(layout.discriminator).toBe(eventDiscriminator("EvtSwap2"));
          continue;
        }
        const ev = idl.events!.find((e) => e.name === layout.name)!;
        expect(layout.discriminator).toBe(Buffer.from(ev.discriminator).toString("hex"));
        const def = idl.types.find((t) => t.name === layout.name)!;
        if (def.type.kind !== "struct") throw new Error(`${layout.name} is not a struct`);
        const expected = def.type.fields.map((f) => [f.name, borshTypeOf(f.type, idl.types)]);
        // a layout may stop after the last field the decoders read, or go on with fields newer
        // program versions append; where both have a field they agree
        const n = Math.min(layout.fields.length, expected.length);
        expect(n, layout.name).toBeGreaterThan(0);
        expect(layout.fields.slice(0, n).map(([name, type]) => [name, type])).toEqual(expected.slice(0, n));
        checked++;
      }
    }
    expect(checked).toBeGreaterThanOrEqual(8);
  });
});

/** The Borsh type a layout uses for an IDL type: enums without payload are one u8. */
function borshTypeOf(t: IdlType, types: IdlTypeDef[]): string {
  if (typeof t === "string") return t === "publicKey" ? "pubkey" : t;
  const name = typeof t.defined === "string" ? t.defined : t.defined?.name;
  const def = types.find((d) => d.name === name);
  if (def?.type.kind === "enum") return "u8";
  return `unsupported ${JSON.stringify(t)}`;
}
