import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import bs58 from "bs58";
import { FIXTURES_ROOT, fixtureRecording, manifestOps, manifestVenues, rawView } from "./fixtureData.ts";

/**
 * Expected swap legs read straight from the recorded transactions, the fixtures manifest and the
 * venues' IDLs in the fixtures: no decoder code. Which program is which venue comes from the IDLs'
 * own addresses (or the manifest where an IDL states none); which instruction is a swap and which
 * of its accounts is the pool, the vaults and the trader comes from the IDL's instruction and
 * account names.
 */

type Json = Record<string, unknown>;
type IdlAccount = { name: string; accounts?: IdlAccount[] };
type IdlInstruction = { name: string; discriminator?: number[]; accounts: IdlAccount[] };
type Idl = {
  address?: string;
  metadata?: { address?: string; name?: string };
  instructions: IdlInstruction[];
};

const IDL_DIR = join(FIXTURES_ROOT, "solana", "idl");
function readIdl(file: string): Idl {
  return JSON.parse(readFileSync(join(IDL_DIR, file), "utf8")) as Idl;
}

/** Every IDL in the fixtures, by file. */
export function fixtureIdls(): Map<string, Idl> {
  const out = new Map<string, Idl>();
  for (const dir of readdirSync(IDL_DIR))
    for (const f of readdirSync(join(IDL_DIR, dir))) out.set(`${dir}/${f}`, readIdl(`${dir}/${f}`));
  return out;
}

/** The IDL of each supported venue, keyed by the venue name the manifest uses. */
export const VENUE_IDL: Readonly<Record<string, string>> = {
  pumpfun: "yellowstone-vixen/pump.json",
  pumpswap: "pinax-substreams-solana-idls/pump_amm.json",
  raydium_amm_v4: "pinax-substreams-solana-idls/raydium_amm_v4.json",
  raydium_cpmm: "pinax-substreams-solana-idls/raydium_cpmm.json",
  raydium_clmm: "pinax-substreams-solana-idls/raydium_clmm.json",
  raydium_launchlab: "yellowstone-vixen/raydium_launchlab.json",
  orca_whirlpool: "yugure-orca-whirlpool-tx-decoder/whirlpool.json",
  meteora_dlmm: "pinax-substreams-solana-idls/meteora_dlmm.json",
  meteora_damm_v1: "pinax-substreams-solana-idls/meteora_damm_v1_pools.json",
  meteora_damm_v2: "pinax-substreams-solana-idls/meteora_damm_v2_cp_amm.json",
  meteora_dbc: "yellowstone-vixen/meteora_dbc.json",
};

/** Aggregator IDLs in the fixtures: their `address` is a known aggregator program. */
const AGGREGATOR_IDLS = [
  "pinax-substreams-solana-idls/jupiter_v6.json",
  "pinax-substreams-solana-idls/okx_dex_v2.json",
];

const idlAddress = (idl: Idl): string | null => idl.address ?? idl.metadata?.address ?? null;

/** Known aggregator program ids, from the Jupiter and OKX IDLs' own `address`. */
export function knownAggregators(): Set<string> {
  return new Set(AGGREGATOR_IDLS.map((f) => idlAddress(readIdl(f))!));
}

const snake = (name: string): string => name.replace(/([a-z0-9])([A-Z])/g, "$1_$2").toLowerCase();
/** Anchor's instruction discriminator, sha256("global:<snake_case name>")[..8], for IDLs that do not state it. */
const anchorSighash = (name: string): string =>
  createHash("sha256")
    .update(`global:${snake(name)}`)
    .digest("hex")
    .slice(0, 16);

function flatAccounts(accounts: IdlAccount[]): string[] {
  return accounts.flatMap((a) => (a.accounts ? flatAccounts(a.accounts) : [snake(a.name)]));
}

type SwapLayout = { name: string; accounts: string[] };

/**
 * Swap instructions of a venue IDL by discriminator. Anchor IDLs state it or imply it
 * (sighash); the Raydium AMM v4 IDL is a native program's, whose one-byte tag is the
 * instruction's position in the IDL's list.
 */
function instructionLayouts(venue: string, idl: Idl): Map<string, SwapLayout & { swap: boolean }> {
  const out = new Map<string, SwapLayout & { swap: boolean }>();
  idl.instructions.forEach((ins, tag) => {
    const accounts = flatAccounts(ins.accounts);
    const swap = /^(swap|buy|sell|two_?hop)/i.test(ins.name) && accounts.some((a) => POOL_NAMES.test(a));
    const disc =
      venue === "raydium_amm_v4"
        ? tag.toString(16).padStart(2, "0")
        : ins.discriminator
          ? Buffer.from(ins.discriminator).toString("hex")
          : anchorSighash(ins.name);
    out.set(disc, { name: snake(ins.name), accounts, swap });
  });
  return out;
}

function swapLayouts(venue: string, idl: Idl): Map<string, SwapLayout> {
  return new Map([...instructionLayouts(venue, idl)].filter(([, l]) => l.swap));
}

/** IDL account names of the pool a swap trades against. */
const POOL_NAMES = /^(pool|amm|pool_state|lb_pair|whirlpool(_one|_two)?|bonding_curve)$/;
/** IDL account names of the token accounts holding the pool's side of a swap. */
const VAULT_NAMES =
  /^(input_vault|output_vault|base_vault|quote_vault|reserve_[xy]|token_[ab]_vault|a_token_vault|b_token_vault|token_vault_.+|pool_base_token_account|pool_quote_token_account|pool_coin_token_account|pool_pc_token_account|associated_bonding_curve)$/;
/** IDL account names of the trader (the signing wallet the venue names). */
const TRADER_NAMES = /^(user|payer|token_authority|user_source_owner)$/;

/** Program id of each supported venue: the IDL's address, else derived from the manifest. */
export function venuePrograms(): Map<string, string> {
  const out = new Map<string, string>();
  for (const [venue, file] of Object.entries(VENUE_IDL)) {
    const addr = idlAddress(readIdl(file));
    if (addr) out.set(addr, venue);
  }
  for (const venue of Object.keys(VENUE_IDL)) {
    if ([...out.values()].includes(venue)) continue;
    // The IDL states no address: the venue's program is the one invoked in every transaction the
    // manifest lists the venue for, in none it does not, with an instruction of the IDL's swaps.
    const layouts = swapLayouts(venue, readIdl(VENUE_IDL[venue]!));
    const txs = recordedTransactions();
    const withV = txs.filter((t) => t.venues.includes(venue));
    const without = txs.filter((t) => t.venues.length > 0 && !t.venues.includes(venue));
    const candidates = [...programsOf(withV[0]!.raw)].filter(
      (p) =>
        withV.every((t) => programsOf(t.raw).has(p)) &&
        without.every((t) => !programsOf(t.raw).has(p)) &&
        withV.some((t) => flatInstructions(t.raw).some((ix) => ix.programId === p && layoutOf(layouts, ix))),
    );
    if (candidates.length !== 1)
      throw new Error(`${venue}: program not derivable (${candidates.join(", ")})`);
    out.set(candidates[0]!, venue);
  }
  return out;
}

type RecordedTx = { raw: Json; venues: string[] };
let recorded: RecordedTx[] | null = null;
function recordedTransactions(): RecordedTx[] {
  if (recorded) return recorded;
  const venues = manifestVenues();
  const out: RecordedTx[] = [];
  const m = JSON.parse(readFileSync(join(FIXTURES_ROOT, "manifest.json"), "utf8")) as {
    dest: string;
    kind: string;
  }[];
  for (const e of m) {
    if (e.kind !== "solana-tx") continue;
    let doc = JSON.parse(readFileSync(join(FIXTURES_ROOT, e.dest), "utf8")) as unknown;
    if (Array.isArray(doc)) doc = doc[0];
    const raw = ((doc as Json).raw ?? doc) as Json;
    const tx = raw.transaction as Json | undefined;
    if (!tx || Array.isArray(tx)) continue;
    out.push({ raw, venues: venues.get((tx.signatures as string[])[0]!) ?? [] });
  }
  recorded = out;
  return out;
}

/** One instruction of a json-encoded transaction, top-level or inner, in execution order. */
export type FlatInstruction = {
  programId: string;
  accounts: string[];
  data: Buffer;
  /** the top-level instruction it runs under */
  top: number;
  stackHeight: number;
  /** position of the first instruction after its CPI subtree */
  end: number;
};

/** Account keys of a json-encoded transaction: static keys, then loaded writable and readonly. */
export function accountKeys(raw: Json): string[] {
  const message = (raw.transaction as Json).message as Json;
  const loaded = ((raw.meta as Json).loadedAddresses as
    | { writable: string[]; readonly: string[] }
    | undefined) ?? {
    writable: [],
    readonly: [],
  };
  return [...(message.accountKeys as string[]), ...loaded.writable, ...loaded.readonly];
}

type RawIx = { programIdIndex: number; accounts: number[]; data: string; stackHeight?: number | null };
const flatCache = new WeakMap<Json, FlatInstruction[]>();
/** Top-level and inner instructions in execution order, with each one's subtree end. */
export function flatInstructions(raw: Json): FlatInstruction[] {
  const hit = flatCache.get(raw);
  if (hit) return hit;
  const keys = accountKeys(raw);
  const message = (raw.transaction as Json).message as Json;
  const inner = new Map<number, RawIx[]>();
  for (const g of ((raw.meta as Json).innerInstructions as { index: number; instructions: RawIx[] }[]) ?? [])
    inner.set(g.index, g.instructions);
  const out: FlatInstruction[] = [];
  const read = (ix: RawIx, top: number, stackHeight: number): FlatInstruction => ({
    programId: keys[ix.programIdIndex]!,
    accounts: ix.accounts.map((a) => keys[a]!),
    data: Buffer.from(bs58.decode(ix.data)),
    top,
    stackHeight,
    end: 0,
  });
  (message.instructions as RawIx[]).forEach((ix, top) => {
    out.push(read(ix, top, 1));
    for (const child of inner.get(top) ?? []) out.push(read(child, top, child.stackHeight ?? 2));
  });
  for (let i = 0; i < out.length; i++) {
    let j = i + 1;
    while (j < out.length && out[j]!.top === out[i]!.top && out[j]!.stackHeight > out[i]!.stackHeight) j++;
    out[i]!.end = j;
  }
  flatCache.set(raw, out);
  return out;
}

function programsOf(raw: Json): Set<string> {
  return new Set(flatInstructions(raw).map((ix) => ix.programId));
}

function layoutOf<L>(layouts: Map<string, L>, ix: FlatInstruction): L | null {
  return (
    layouts.get(ix.data.subarray(0, 8).toString("hex")) ??
    layouts.get(ix.data.subarray(0, 1).toString("hex")) ??
    null
  );
}

/** One swap instruction on one pool, as the IDL names its accounts. */
export type ExpectedLeg = {
  /** manifest venue name */
  venue: string;
  programId: string;
  instruction: string;
  /** flat index of the swap instruction */
  index: number;
  pool: string;
  /** the pool's token accounts the swap moves */
  vaults: string[];
  /** accounts the IDL names as the trader */
  traders: string[];
  /** token accounts the IDL names as receiving the venue's fees beside the pool (PumpSwap's protocol and creator, DAMM v1's protocol, pump.fun's recipient and creator vault) */
  feeAccounts: string[];
  /**
   * the trader's token accounts where the IDL names them as such (PumpSwap's user_base and
   * user_quote token accounts): anything else the swap's vaults pay, or these accounts pay beside
   * the vaults, is a fee beside the pool (newer PumpSwap versions pay fees to remaining accounts)
   */
  userAccounts: string[];
  /** every account of the instruction */
  accounts: string[];
  /** program of the top-level instruction the swap runs under */
  topProgram: string;
};

const USER_ACCOUNT_NAMES = /^user_(base|quote)_token(_account)?$/;
const FEE_NAMES =
  /^(protocol_fee_recipient_token_account|coin_creator_vault_ata|protocol_token_fee|fee_recipient|creator_vault)$/;

let layoutCache: Map<string, Map<string, SwapLayout & { swap: boolean }>> | null = null;
/**
 * The swap legs of a transaction by the venues' IDLs: one per pool account a swap instruction
 * of a supported venue names (two-hop instructions name two pools, each with its own vaults).
 */
export function idlSwapLegs(raw: Json, programs: Map<string, string>): ExpectedLeg[] {
  layoutCache ??= new Map(Object.entries(VENUE_IDL).map(([v, f]) => [v, instructionLayouts(v, readIdl(f))]));
  const flat = flatInstructions(raw);
  const tops = flat.filter((ix) => ix.stackHeight === 1);
  const legs: ExpectedLeg[] = [];
  flat.forEach((ix, index) => {
    const venue = programs.get(ix.programId);
    if (!venue) return;
    const layout = layoutOf(layoutCache!.get(venue)!, ix);
    if (!layout?.swap) return;
    const named = (re: RegExp) =>
      layout.accounts.flatMap((n, k) => (re.test(n) && ix.accounts[k] ? [{ n, a: ix.accounts[k]! }] : []));
    const pools = named(POOL_NAMES);
    for (const p of pools) {
      // two-hop: each pool's vaults carry its ordinal (one/two) in their names
      const hop = p.n.match(/_(one|two)$/)?.[1];
      let vaults = named(VAULT_NAMES)
        .filter((v) => hop === undefined || v.n.includes(`_${hop}_`))
        .map((v) => v.a);
      let traders = named(TRADER_NAMES).map((t) => t.a);
      if (venue === "raydium_amm_v4" && ix.accounts.length === layout.accounts.length - 1) {
        // The 17-account form leaves out amm_target_orders (the IDL states the 18-account one):
        // the accounts before it keep their positions, the owner of the user's tokens stays last,
        // and the vaults are the instruction's token accounts owned by amm_authority.
        const authority = ix.accounts[layout.accounts.indexOf("amm_authority")]!;
        vaults = ix.accounts.filter((a) => tokenOwner(raw, a) === authority);
        traders = [ix.accounts.at(-1)!];
      }
      legs.push({
        venue,
        programId: ix.programId,
        instruction: layout.name,
        index,
        pool: p.a,
        vaults,
        traders,
        feeAccounts: named(FEE_NAMES).map((f) => f.a),
        userAccounts: named(USER_ACCOUNT_NAMES).map((f) => f.a),
        accounts: ix.accounts,
        topProgram: tops[ix.top]!.programId,
      });
    }
  });
  return legs;
}

/** Owner of a token account per the transaction's token balances, null when not a token account. */
export function tokenOwner(raw: Json, account: string): string | null {
  const keys = accountKeys(raw);
  const meta = raw.meta as {
    preTokenBalances?: { accountIndex: number; owner?: string }[];
    postTokenBalances?: { accountIndex: number; owner?: string }[];
  };
  for (const b of [...(meta.postTokenBalances ?? []), ...(meta.preTokenBalances ?? [])])
    if (keys[b.accountIndex] === account) return b.owner ?? null;
  return null;
}

/** Anchor's tag in front of a self-CPI event: sha256("anchor:event")[..8] read as a u64, written little-endian. */
const EVENT_TAG = Buffer.from(
  createHash("sha256").update("anchor:event").digest().subarray(0, 8).reverse(),
).toString("hex");

/** An instruction of a venue program that the venue's IDL in the fixtures does not describe. */
export type UndescribedSwap = {
  venue: string;
  programId: string;
  index: number;
  accounts: string[];
  topProgram: string;
};

/**
 * Instructions of a supported venue that its IDL in the fixtures does not describe (newer
 * instructions than the recorded IDL), in transactions where the manifest records a swap of that
 * venue: the swap happened, but which account is the pool is not stated by the fixtures.
 */
export function undescribedSwaps(
  raw: Json,
  programs: Map<string, string>,
  ops: readonly string[],
): UndescribedSwap[] {
  layoutCache ??= new Map(Object.entries(VENUE_IDL).map(([v, f]) => [v, instructionLayouts(v, readIdl(f))]));
  const flat = flatInstructions(raw);
  const tops = flat.filter((ix) => ix.stackHeight === 1);
  const out: UndescribedSwap[] = [];
  flat.forEach((ix, index) => {
    const venue = programs.get(ix.programId);
    if (!venue || layoutOf(layoutCache!.get(venue)!, ix)) return;
    if (ix.data.subarray(0, 8).toString("hex") === EVENT_TAG) return;
    if (!ops.some((op) => op.startsWith(`${venue}:`) && /swap|buy|sell/i.test(op.slice(venue.length + 1))))
      return;
    out.push({
      venue,
      programId: ix.programId,
      index,
      accounts: ix.accounts,
      topProgram: tops[ix.top]!.programId,
    });
  });
  return out;
}

type SubtreeTransfer = {
  source: string;
  destination: string;
  authority: string;
  amount: bigint;
  mint: string | null;
};
/** Token transfers (Token and Token-2022 Transfer / TransferChecked) of one instruction's CPI subtree. */
export function subtreeTransfers(raw: Json, index: number): SubtreeTransfer[] {
  const flat = flatInstructions(raw);
  const out: SubtreeTransfer[] = [];
  for (let j = index + 1; j < flat[index]!.end; j++) {
    const ix = flat[j]!;
    if (ix.programId !== SPL_TOKEN && ix.programId !== SPL_TOKEN_2022) continue;
    // SPL token instruction tags: 3 Transfer(source, destination, authority), 12 TransferChecked(source, mint, destination, authority)
    if (ix.data[0] === 3)
      out.push({
        source: ix.accounts[0]!,
        destination: ix.accounts[1]!,
        authority: ix.accounts[2]!,
        amount: ix.data.readBigUInt64LE(1),
        mint: null,
      });
    if (ix.data[0] === 12)
      out.push({
        source: ix.accounts[0]!,
        destination: ix.accounts[2]!,
        authority: ix.accounts[3]!,
        amount: ix.data.readBigUInt64LE(1),
        mint: ix.accounts[1]!,
      });
  }
  return out;
}
const SPL_TOKEN = "TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA";
const SPL_TOKEN_2022 = "TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb";

/** Mint of a token account per the transaction's token balances. */
export function tokenMint(raw: Json, account: string): string | null {
  const keys = accountKeys(raw);
  const meta = raw.meta as {
    preTokenBalances?: { accountIndex: number; mint: string }[];
    postTokenBalances?: { accountIndex: number; mint: string }[];
  };
  for (const b of [...(meta.postTokenBalances ?? []), ...(meta.preTokenBalances ?? [])])
    if (keys[b.accountIndex] === account) return b.mint;
  return null;
}

/** A successful fixture transaction with the swaps the IDLs and the manifest find in it. */
export type SwapCase = { key: string; raw: Json; legs: ExpectedLeg[]; undescribed: UndescribedSwap[] };

/** Short name of a fixture file (its name without the encoding suffix). */
export const fileKey = (file: string): string =>
  file.split("/").pop()!.replace(".json-encoding.json", "").replace(".json", "");

let casesCache: SwapCase[] | null = null;
/** Every successful fixture transaction with at least one swap of a supported venue. */
export function fixtureSwapCases(): SwapCase[] {
  if (casesCache) return casesCache;
  const ops = manifestOps();
  const programs = venuePrograms();
  const out: SwapCase[] = [];
  for (const t of fixtureRecording().transactions) {
    const raw = t.raw as Json;
    const view = rawView(raw);
    if (view.failed) continue;
    const legs = idlSwapLegs(raw, programs);
    const undescribed = undescribedSwaps(raw, programs, ops.get(view.signature) ?? []);
    if (legs.length + undescribed.length > 0) out.push({ key: fileKey(t.file), raw, legs, undescribed });
  }
  casesCache = out;
  return out;
}
