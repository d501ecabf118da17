import { SOLANA_NATIVE_MINT } from "@tapeline/core";
import { chooseBaseQuote } from "../chooseBaseQuote.ts";
import { instructionData } from "../instructionData.ts";
import type { SolanaProgramRegistry } from "../programs/createSolanaProgramRegistry.ts";
import { readTokenTransfer } from "../readTokenTransfer.ts";
import type { SolanaTransaction } from "../SolanaTransaction.ts";
import type { SwapLeg } from "../SolanaVenue.ts";
import {
  INFRASTRUCTURE_PROGRAMS,
  SYSTEM_PROGRAM,
  TIP_ACCOUNTS,
  TOKEN_2022_PROGRAM,
  TOKEN_PROGRAM,
} from "../solanaPrograms.ts";
import { subtreeEnd } from "../subtreeEnd.ts";
import { tokenAccount } from "../tokenAccount.ts";
import { u64At } from "../u64At.ts";
import { type OpenedTokenAccount, openedTokenAccounts } from "./openedTokenAccounts.ts";
import { vaultPairMarket } from "./vaultPairMarket.ts";

/** One asset movement: an SPL token transfer, or a System transfer of lamports (mint: SOL). */
type Move = {
  at: number;
  /** owners of the source and of the destination */
  from: string;
  to: string;
  source: string;
  destination: string;
  authority: string;
  amount: bigint;
  mint: string | null;
};

type SupplyChange = { at: number; account: string; mint: string; amount: bigint; burn: boolean };

/** What the detector reads of a transaction once: its moves and who owns what. */
type MoveIndex = {
  opened: Opened;
  moves: Move[];
  /** MintTo / Burn instructions: the token account they credit or debit, the mint and the amount */
  supplyChanges: SupplyChange[];
};

/** Venue type of a swap on a program the registry does not name: `UNKNOWN_` and the id's first 8 characters. */
export function unknownVenueType(programId: string): string {
  return `UNKNOWN_${programId.slice(0, 8)}`;
}

type Opened = Map<string, OpenedTokenAccount>;
/**
 * Owner of a token account: its balance, else the instruction that opened it; an account neither
 * knows (lamports only) owns itself.
 */
const ownerOf = (tx: SolanaTransaction, opened: Opened, account: string): string =>
  tokenAccount(tx, account)?.owner ?? opened.get(account)?.owner ?? account;
const mintOfAccount = (tx: SolanaTransaction, opened: Opened, account: string): string | null =>
  tokenAccount(tx, account)?.mint ?? opened.get(account)?.mint ?? null;

function indexMoves(tx: SolanaTransaction): MoveIndex {
  const opened = openedTokenAccounts(tx);
  const index: MoveIndex = { opened, moves: [], supplyChanges: [] };
  const ixs = tx.instructions;
  for (let at = 0; at < ixs.length; at++) {
    const ix = ixs[at]!;
    let move: Move | null = null;
    if (ix.programId === TOKEN_PROGRAM || ix.programId === TOKEN_2022_PROGRAM) {
      const t = readTokenTransfer(ix);
      if (t)
        move = {
          at,
          from: ownerOf(tx, opened, t.source),
          to: ownerOf(tx, opened, t.destination),
          source: t.source,
          destination: t.destination,
          authority: t.authority,
          amount: t.amount,
          mint: t.mint ?? mintOfAccount(tx, opened, t.source) ?? mintOfAccount(tx, opened, t.destination),
        };
      else {
        const tag = instructionData(ix)[0];
        // MintTo 7 / MintToChecked 14: [mint, account, authority]; Burn 8 / BurnChecked 15:
        // [account, mint, authority]; then a u64 amount
        const burn = tag === 8 || tag === 15;
        if ((burn || tag === 7 || tag === 14) && ix.accounts.length >= 2) {
          const d = instructionData(ix);
          index.supplyChanges.push({
            at,
            account: ix.accounts[burn ? 0 : 1]!,
            mint: ix.accounts[burn ? 1 : 0]!,
            amount: d.length >= 9 ? u64At(d, 1) : 0n,
            burn,
          });
        }
      }
    } else if (ix.programId === SYSTEM_PROGRAM && ix.accounts.length >= 2) {
      const d = instructionData(ix);
      // System Transfer: u32 tag 2, then u64 lamports; accounts [from, to]
      if (d.length >= 12 && d[0] === 2 && d[1] === 0 && d[2] === 0 && d[3] === 0)
        move = {
          at,
          from: ix.accounts[0]!,
          to: ix.accounts[1]!,
          source: ix.accounts[0]!,
          destination: ix.accounts[1]!,
          authority: ix.accounts[0]!,
          amount: u64At(d, 4),
          mint: SOLANA_NATIVE_MINT,
        };
    }
    if (!move || move.amount === 0n) continue;
    index.moves.push(move);
  }
  return index;
}

const isMoveProgram = (programId: string): boolean =>
  programId === TOKEN_PROGRAM || programId === TOKEN_2022_PROGRAM || programId === SYSTEM_PROGRAM;

function inside(at: number, ranges: readonly (readonly [number, number])[]): boolean {
  for (const [a, b] of ranges) if (at > a && at < b) return true;
  return false;
}

/**
 * Swaps of programs without a venue decoder, read from the asset movements of each invocation
 * (rule and limits in README.md). `skip` says which programs are not candidates (named venues);
 * `legs` are the legs already decoded, so a router carrying them is never a swap itself. Pure.
 */
export function detectGenericSwaps(
  tx: SolanaTransaction,
  programs: SolanaProgramRegistry,
  skip: (programId: string) => boolean,
  legs: readonly SwapLeg[],
): SwapLeg[] {
  // Candidates: invocations of programs no decoder or list accounts for. Only those whose subtree
  // holds at least two token or System instructions can be swaps (one asset in, another out);
  // this is told from program ids alone, so a transaction with none is rejected before any
  // instruction data is read.
  const ixs = tx.instructions;
  const candidates: number[] = [];
  const ends: number[] = [];
  const viable: boolean[] = [];
  let anyViable = false;
  for (let i = 0; i < ixs.length; i++) {
    const ix = ixs[i]!;
    const p = ix.programId;
    if (isMoveProgram(p) || INFRASTRUCTURE_PROGRAMS.has(p) || programs.isRouter(p) || skip(p)) continue;
    if (ix.accounts.length === 0) continue;
    const end = subtreeEnd(tx, i);
    let moveIxs = 0;
    for (let j = i + 1; j < end && moveIxs < 2; j++) if (isMoveProgram(ixs[j]!.programId)) moveIxs++;
    candidates.push(i);
    ends.push(end);
    viable.push(moveIxs >= 2);
    if (moveIxs >= 2) anyViable = true;
  }
  if (!anyViable) return [];
  const index = indexMoves(tx);
  if (index.moves.length === 0) return [];

  const signers = tx.signers;
  const legAt = legs.map((l) => l.flatIndex);
  const found: SwapLeg[] = [];
  const rangesOf = new Map<string, [number, number][]>();
  for (let c = 0; c < candidates.length; c++) {
    const p = ixs[candidates[c]!]!.programId;
    const r = rangesOf.get(p) ?? [];
    r.push([candidates[c]!, ends[c]!]);
    rangesOf.set(p, r);
  }

  // innermost first: a swap found inside an invocation makes that invocation a router
  for (let c = candidates.length - 1; c >= 0; c--) {
    if (!viable[c]) continue;
    const i = candidates[c]!;
    const ix = ixs[i]!;
    const end = ends[c]!;
    if (legAt.some((at) => at > i && at < end)) continue;
    const sides: Sides = { signers, index, ranges: rangesOf.get(ix.programId)! };
    const leg = legOf(tx, i, end, programs, sides);
    if (leg) {
      found.push(leg);
      legAt.push(i);
    }
  }
  return found.reverse();
}

/** What tells the trader's side from the program's for one candidate program. */
type Sides = {
  /** the transaction's signers (one or a few: scanned) */
  signers: readonly string[];
  index: MoveIndex;
  /** the program's invocations: [start, end) flat index ranges */
  ranges: readonly (readonly [number, number])[];
};

/**
 * The trader's side: a signer, or an account seen signing or holding outside the program. The
 * moves are scanned rather than indexed by account: a transaction has a few dozen at most, and
 * most transactions ask about a handful of accounts.
 */
function callerSide(sides: Sides, account: string): boolean {
  if (sides.signers.includes(account)) return true;
  for (const m of sides.index.moves)
    if ((m.authority === account || m.from === account || m.to === account) && !inside(m.at, sides.ranges))
      return true;
  return false;
}

/** Whether an account paid one of the moves in (the owner the trader paid from). */
function paidIn(ins: readonly Move[], owner: string): boolean {
  for (const m of ins) if (m.from === owner) return true;
  return false;
}

/** The trader's accounts of a leg: the sources of what it paid in, then the destinations of what it received. */
function counterpartiesOf(ins: readonly Move[], paid: readonly Move[]): string[] {
  const out: string[] = [];
  for (const m of ins) out.push(m.source);
  for (const m of paid) out.push(m.destination);
  return out;
}

function legOf(
  tx: SolanaTransaction,
  i: number,
  end: number,
  programs: SolanaProgramRegistry,
  sides: Sides,
): SwapLeg | null {
  const { index, signers } = sides;
  const ins: Move[] = [];
  const outs: Move[] = [];
  for (const m of index.moves) {
    if (m.at <= i) continue;
    if (m.at >= end) break; // moves are in execution order
    const { from, to } = m;
    if (from === to || TIP_ACCOUNTS.has(m.destination)) continue;
    if (callerSide(sides, m.authority)) {
      if (!callerSide(sides, to)) ins.push(m);
    } else if (!callerSide(sides, from)) outs.push(m);
  }
  // without minted or burnt shares, nothing in or nothing out is no swap
  if ((ins.length === 0 || outs.length === 0) && index.supplyChanges.length === 0) return null;
  // an out move counts when it pays the trader: a caller-side owner or the owner of what was paid in
  const paid: Move[] = [];
  for (const m of outs) if (paidIn(ins, m.to) || callerSide(sides, m.to)) paid.push(m);
  // shares minted to or burnt from the trader: a liquidity or vault operation, not a swap,
  // unless the venue trades shares as assets (then they are part of what was paid or received)
  const entry = programs.get(tx.instructions[i]!.programId);
  const shares: Move[] = [];
  for (const s of index.supplyChanges) {
    if (s.at <= i || s.at >= end) continue;
    const owner = ownerOf(tx, index.opened, s.account);
    if (!callerSide(sides, owner)) continue;
    if (!entry?.tradesShares || s.amount === 0n) return null;
    // a burn pays the share into its mint; a mint pays it out of the mint
    const move: Move = s.burn
      ? {
          at: s.at,
          from: owner,
          to: s.mint,
          source: s.account,
          destination: s.mint,
          authority: owner,
          amount: s.amount,
          mint: s.mint,
        }
      : {
          at: s.at,
          from: s.mint,
          to: owner,
          source: s.mint,
          destination: s.account,
          authority: s.mint,
          amount: s.amount,
          mint: s.mint,
        };
    (s.burn ? ins : paid).push(move);
    shares.push(move);
  }
  if (ins.length === 0 || paid.length === 0) return null;
  // one asset in, another out
  const mintIn = ins[0]!.mint;
  const mintOut = paid[0]!.mint;
  let amountIn = 0n;
  let amountOut = 0n;
  for (const m of ins) {
    if (m.mint !== mintIn) return null;
    amountIn += m.amount;
  }
  for (const m of paid) {
    if (m.mint !== mintOut) return null;
    amountOut += m.amount;
  }
  if (!mintIn || !mintOut || mintIn === mintOut) return null;

  const ix = tx.instructions[i]!;
  const vaultsIn = ins.map((m) => m.destination);
  const vaultsOut = paid.map((m) => m.source);
  // the program's side: one owner of every vault that moved (its state account), or several
  const stateAccount = ins[0]!.to;
  let oneOwner = true;
  for (const m of ins) if (m.to !== stateAccount) oneOwner = false;
  for (const m of paid) if (m.from !== stateAccount) oneOwner = false;
  const book = entry?.orderBook;
  const bookVaults = book ? [ix.accounts[book.vaults[0]], ix.accounts[book.vaults[1]]] : [];
  let pool: string;
  const poolAccount = entry?.poolAccount === undefined ? undefined : ix.accounts[entry.poolAccount];
  if (book && ix.accounts[book.market] && [...vaultsIn, ...vaultsOut].every((v) => bookVaults.includes(v)))
    pool = ix.accounts[book.market]!;
  else if (poolAccount !== undefined && shares.length === 0) pool = poolAccount;
  else if (shares.length > 0)
    // a share's market: its mint (one stake pool per LST), the base side's when both are shares
    pool = shares.find((m) => m.mint === chooseBaseQuote(mintIn, mintOut).base)?.mint ?? shares[0]!.mint!;
  else if (!entry?.multiAsset && oneOwner && stateAccount && ix.accounts.includes(stateAccount))
    pool = stateAccount;
  else {
    // the vault pair's derived id: one vault of a multi-asset pool serves several pairs
    const quoteIn = chooseBaseQuote(mintIn, mintOut).quote === mintIn;
    pool = vaultPairMarket(
      ix.programId,
      quoteIn ? vaultsOut[0]! : vaultsIn[0]!,
      quoteIn ? vaultsIn[0]! : vaultsOut[0]!,
    );
  }

  const authority = ins[0]!.authority;
  const [token0, token1] = mintIn < mintOut ? [mintIn, mintOut] : [mintOut, mintIn];
  return {
    venueType: entry?.type ?? unknownVenueType(ix.programId),
    programId: ix.programId,
    exchangeName: entry?.name ?? ix.programId,
    pool,
    path: ix.path,
    flatIndex: i,
    mintIn,
    amountIn,
    mintOut,
    amountOut,
    trader: signers.includes(authority) ? authority : null,
    counterparties: counterpartiesOf(ins, paid),
    token0,
    token1,
    reserve0: null,
    reserve1: null,
    launchpad: null,
    bondingProgress: null,
    eventAt: null,
  };
}
