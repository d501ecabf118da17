import { formatUnits, SOLANA_NATIVE_MINT } from "@tapeline/core";
import bs58 from "bs58";
import { describe, expect, it } from "vitest";
import { decodeSolanaTransaction } from "../../services/ingest/src/solana/decodeSolanaTransaction.ts";
import { SOLANA_QUOTE_PRIORITY } from "../../services/ingest/src/solana/solanaPrograms.ts";
import { fixtureRecording, manifestOps, manifestVenues, rawView } from "./fixtureData.ts";
import {
  type ExpectedLeg,
  fileKey,
  fixtureSwapCases,
  flatInstructions,
  knownAggregators,
  subtreeTransfers,
  tokenMint,
  tokenOwner,
  venuePrograms,
} from "./fixtureSwapLegs.ts";

type Raw = Record<string, unknown>;

const PUMP = "6EF8rrecthR5Dkzon8Nwu78hRvfCKubJ14M5uBEwF6P";
/**
 * pump.fun TradeEvent read by hand from the IDL (yellowstone-vixen pump.json): anchor event tag,
 * discriminator bddb7fd34ee661ee, then mint (32), sol_amount (u64), token_amount (u64), is_buy (bool).
 */
function pumpTradeEvent(
  raw: Raw,
  leg: ExpectedLeg,
): { mint: string; sol: bigint; tokens: bigint; isBuy: boolean; statesFees: boolean } {
  const flat = flatInstructions(raw);
  const events = flat
    .slice(leg.index + 1, flat[leg.index]!.end)
    .filter((ix) => ix.programId === PUMP)
    .map((ix) => ix.data)
    .filter((d) => d.subarray(0, 16).toString("hex") === "e445a52e51cb9a1dbddb7fd34ee661ee");
  expect(events).toHaveLength(1);
  const d = events[0]!;
  return {
    mint: bs58.encode(d.subarray(16, 48)),
    sol: d.readBigUInt64LE(48),
    tokens: d.readBigUInt64LE(56),
    isBuy: d[64] === 1,
    // events since the creator fee lay out fee_recipient .. creator_fee after the reserves (233 bytes)
    statesFees: d.length >= 233,
  };
}

function quoteRank(mint: string): number {
  const r = SOLANA_QUOTE_PRIORITY.indexOf(mint);
  return r < 0 ? Number.MAX_SAFE_INTEGER : r;
}
/** quote: the higher-priority mint; two unranked mints quote in the greater address */
function baseQuote(mints: string[]): { base: string; quote: string } {
  const [quote, base] = [...mints].sort((a, b) => quoteRank(a) - quoteRank(b) || (a < b ? 1 : -1));
  return { base: base!, quote: quote! };
}

/**
 * The signer a swap was made for, by the rule decodeSolanaTransaction documents: the account the
 * venue's IDL names as the trader when it signed, else the signer owning one of the instruction's
 * token accounts, else the fee payer. Read from the message's signer list and token balances.
 */
function makerOf(
  raw: Raw,
  signers: readonly string[],
  traders: readonly string[],
  accounts: readonly string[],
): string {
  const signed = new Set(signers);
  const trader = traders.find((a) => signed.has(a));
  if (trader) return trader;
  for (const a of accounts) {
    const owner = tokenOwner(raw, a);
    if (owner && signed.has(owner)) return owner;
  }
  return signers[0]!;
}

const recording = fixtureRecording();
const manifest = manifestVenues();
const ops = manifestOps();
const programs = venuePrograms();
const aggregators = knownAggregators();
const cases = fixtureSwapCases();

describe("the expectations come from the fixtures, not from the decoder", () => {
  it("maps every supported venue to its program from the IDLs and the manifest", () => {
    expect(programs.size).toBe(11);
    expect(aggregators.size).toBe(2);
  });

  it("finds swap legs in every successful transaction where the manifest records a venue swap", () => {
    const supported = new Set(programs.values());
    for (const t of recording.transactions) {
      const view = rawView(t.raw as Raw);
      if (view.failed) continue;
      const swapOps = (ops.get(view.signature) ?? []).filter((op) => {
        const [venue, name] = op.split(":");
        return supported.has(venue!) && /swap|buy|sell/i.test(name!);
      });
      const found = cases.some((c) => c.key === fileKey(t.file));
      expect(found, `${fileKey(t.file)} ${swapOps.join(",")}`).toBe(swapOps.length > 0);
    }
    expect(cases.length).toBeGreaterThanOrEqual(60);
  });
});

describe("Solana decoders on every successful fixture swap", () => {
  for (const c of cases) {
    it(`${c.key}: ${c.legs.length} leg(s) by the IDLs, ${c.undescribed.length} not described by them`, () => {
      const { raw } = c;
      const view = rawView(raw);
      const result = decodeSolanaTransaction(raw, { fallbackAtMs: 0 });
      expect(result.failed).toBe(false);
      const fees = formatUnits(view.feeWithTipsLamports(), 9);
      const venues = manifest.get(view.signature) ?? [];

      for (const t of result.trades) {
        expect(t.feesNative).toBe(fees);
        expect(t.txHash).toBe(view.signature);
        expect(t.id.startsWith(`${view.signature}:`)).toBe(true);
        expect(view.signers).toContain(t.maker);
      }

      const byPool = new Map<string, ExpectedLeg[]>();
      for (const leg of c.legs) byPool.set(leg.pool, [...(byPool.get(leg.pool) ?? []), leg]);

      let expectedRows = 0;
      for (const [pool, legs] of byPool) {
        const leg = legs[0]!;
        expect(venues, `${c.key} manifest venues`).toContain(leg.venue);
        expect(result.pools.find((p) => p.address === pool)?.venueType).toBe(leg.venue.toUpperCase());
        const trades = result.trades.filter((t) => t.pool === pool);

        const isPump = leg.venue === "pumpfun";
        const vaultMints = [...new Set(leg.vaults.map((v) => tokenMint(raw, v)).filter((m) => m !== null))];
        const { base, quote } = baseQuote(isPump ? [...vaultMints, SOLANA_NATIVE_MINT] : vaultMints);
        expect(vaultMints, `${c.key} ${pool} vault mints`).toHaveLength(isPump ? 1 : 2);
        // the pool's balance change: its vaults, and for a pump.fun curve the curve's own lamports
        const dBase = view.accountDelta(leg.vaults, base);
        const dQuote = isPump ? view.lamportDelta(pool) : view.accountDelta(leg.vaults, quote);

        // fees the venue sends beside the pool (IDL-named fee accounts, or anything but the
        // IDL-named user accounts where it names them): paid by the pool's vaults
        // (the trader never received them) or by the trader (part of what it paid)
        const feeTransfers = (l: ExpectedLeg, mint: string, payer: (source: string) => boolean): bigint =>
          subtreeTransfers(raw, l.index)
            .filter(
              (x) =>
                (l.feeAccounts.includes(x.destination) ||
                  (l.userAccounts.length > 0 &&
                    !l.userAccounts.includes(x.destination) &&
                    !l.vaults.includes(x.destination))) &&
                payer(x.source),
            )
            .filter((x) => (x.mint ?? tokenMint(raw, x.destination)) === mint)
            .reduce((s, x) => s + x.amount, 0n);
        const fromPool = (l: ExpectedLeg, mint: string) => feeTransfers(l, mint, (a) => l.vaults.includes(a));
        // the trader's fee: from the account that paid the pool in the same instruction
        const beside = (l: ExpectedLeg, mint: string) =>
          feeTransfers(l, mint, (a) =>
            subtreeTransfers(raw, l.index).some((x) => x.source === a && l.vaults.includes(x.destination)),
          );

        // who traded which way, one row per pool, side and maker
        const sideOf = (l: ExpectedLeg): boolean =>
          subtreeTransfers(raw, l.index).some(
            (x) => l.vaults.includes(x.source) && tokenMint(raw, x.source) === base,
          );
        const rowKeys = new Set(
          legs.map(
            (l) =>
              `${sideOf(l)}|${makerOf(
                raw,
                view.signers,
                l.traders,
                l.accounts.filter((a) => !l.vaults.includes(a)),
              )}`,
          ),
        );
        expectedRows += rowKeys.size;
        expect(trades, `${c.key} rows of ${pool}`).toHaveLength(rowKeys.size);
        for (const k of rowKeys) {
          const [buy, maker] = k.split("|");
          expect(
            trades.some((t) => t.maker === maker && t.isBuy === (buy === "true")),
            `${c.key} ${pool} ${k}`,
          ).toBe(true);
        }

        for (const t of trades) {
          expect(t.tokenAddress).toBe(base);
          expect(t.quoteAddress).toBe(quote);
          // router: the top-level program that invoked the venue; null when the venue ran top-level
          if (leg.topProgram === leg.programId) expect(t.router).toBeNull();
          else if (aggregators.has(leg.topProgram)) expect(t.router?.programId).toBe(leg.topProgram);
          // Other top-level programs (trading bots, other routers) are not described by any IDL in
          // the fixtures, so whether they are aggregators cannot be derived: only that the recorded
          // program is the one on the message that carried the swap.
          else expect(t.router?.programId).toBe(leg.topProgram);
        }

        if (legs.length === 1 && trades.length === 1) {
          const t = trades[0]!;
          if (isPump && (raw.meta as { preBalances: number[] }).preBalances[view.keys.indexOf(pool)] === 0) {
            // the curve was created in this transaction: its lamports include the rent, so the
            // pool's own TradeEvent gives the trade
            const ev = pumpTradeEvent(raw, leg);
            expect(ev.mint).toBe(base);
            expect(t.isBuy).toBe(ev.isBuy);
            expect(t.amountToken).toBe(ev.tokens);
            // with the fees the event states: the fee recipient's and creator vault's lamports
            const fees = ev.statesFees ? leg.feeAccounts.reduce((s, a) => s + view.lamportDelta(a), 0n) : 0n;
            expect(t.amountQuote).toBe(ev.isBuy ? ev.sol + fees : ev.sol - fees);
            continue;
          }
          // the pool gave the base token: a buy
          expect(t.isBuy).toBe(dBase < 0n);
          // Token-2022 transfer fees are withheld in the receiving account, so a vault's balance
          // rises by less than the trader sent; the row counts what was sent (the token program's
          // executed transfer into the vault)
          const sent = (mint: string, delta: bigint): bigint => {
            if (delta < 0n) return -delta;
            const into = subtreeTransfers(raw, leg.index)
              .filter(
                (x) =>
                  leg.vaults.includes(x.destination) && (x.mint ?? tokenMint(raw, x.destination)) === mint,
              )
              .reduce((s, x) => s + x.amount, 0n);
            return into > delta ? into : delta;
          };
          // the trader's side: a paying vault's fees left out, the trader's own fees added
          const traderSide = (mint: string, delta: bigint): bigint =>
            delta < 0n ? -delta - fromPool(leg, mint) : sent(mint, delta) + beside(leg, mint);
          expect(t.amountToken).toBe(traderSide(base, dBase));
          // pump.fun: the fee recipient's and creator vault's lamports, beside the curve (read when
          // the event states its fees: earlier events give the curve's side)
          const pumpFees =
            isPump && pumpTradeEvent(raw, leg).statesFees
              ? leg.feeAccounts.reduce((s, a) => s + view.lamportDelta(a), 0n)
              : 0n;
          expect(t.amountQuote).toBe(
            isPump ? (dQuote < 0n ? -dQuote - pumpFees : dQuote + pumpFees) : traderSide(quote, dQuote),
          );
          expect(t.isWash).toBe(false);
        } else {
          // several swaps on one pool: together the rows account for the pool's balance change
          const netToken = trades.reduce((s, t) => s + (t.isBuy ? t.amountToken : -t.amountToken), 0n);
          const netQuote = trades.reduce((s, t) => s + (t.isBuy ? t.amountQuote : -t.amountQuote), 0n);
          const fees = (mint: string) => legs.reduce((s, l) => s + fromPool(l, mint) + beside(l, mint), 0n);
          expect(netToken).toBe(-dBase - fees(base));
          expect(netQuote).toBe(dQuote + fees(quote));
          const bothSides = trades.some((t) => t.isBuy) && trades.some((t) => !t.isBuy);
          for (const t of trades) {
            expect(t.isWash).toBe(bothSides);
            // each buyer of a one-sided pool received exactly its row's tokens
            if (!bothSides) expect(view.ownerDelta([t.maker], base)).toBe(t.amountToken);
          }
        }
      }

      // Instructions the recorded IDLs do not describe (newer than the IDL): which account is the
      // pool, and so which way the trade went, is not stated by the fixtures and is not asserted.
      // What is: one row for the venue, on one of the instruction's accounts, with the two mints
      // and amounts the token program moved in the instruction's subtree, the maker and the router.
      // (rows of programs without a decoder come from the generic detector: swapCoverage.test.ts)
      const described = new Set([...c.legs.map((l) => l.pool), ...result.genericLegs.map((l) => l.pool)]);
      const rest = result.trades.filter((t) => !described.has(t.pool));
      expect(rest, `${c.key} rows outside the IDL legs`).toHaveLength(c.undescribed.length);
      for (const u of c.undescribed) {
        expect(venues).toContain(u.venue);
        const moved = new Map<string, bigint>();
        for (const x of subtreeTransfers(raw, u.index)) {
          const mint = x.mint ?? tokenMint(raw, x.source) ?? tokenMint(raw, x.destination)!;
          moved.set(mint, (moved.get(mint) ?? 0n) + x.amount);
        }
        expect([...moved.keys()], `${c.key} mints moved by ${u.venue}`).toHaveLength(2);
        const { base, quote } = baseQuote([...moved.keys()]);
        const t = rest.find((r) => u.accounts.includes(r.pool) && r.tokenAddress === base);
        expect(t, `${c.key} row of the ${u.venue} instruction`).toBeDefined();
        expect(result.pools.find((p) => p.address === t!.pool)?.venueType).toBe(u.venue.toUpperCase());
        expect(t!.quoteAddress).toBe(quote);
        expect(t!.amountToken).toBe(moved.get(base));
        expect(t!.amountQuote).toBe(moved.get(quote));
        expect(t!.maker).toBe(makerOf(raw, view.signers, [], u.accounts));
        if (u.topProgram === u.programId) expect(t!.router).toBeNull();
        else expect(t!.router?.programId).toBe(u.topProgram);
      }
      const genericRows = result.trades.filter((t) => result.genericLegs.some((l) => l.pool === t.pool));
      expect(result.trades).toHaveLength(expectedRows + c.undescribed.length + genericRows.length);
    });
  }
});
