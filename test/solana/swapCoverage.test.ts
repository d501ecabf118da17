import { SOLANA_NATIVE_MINT } from "@tapeline/core";
import bs58 from "bs58";
import { describe, expect, it } from "vitest";
import { decodeSolanaTransaction } from "../../services/ingest/src/solana/decodeSolanaTransaction.ts";
import { fixtureRecording, rawView, walletNetFlow } from "./fixtureData.ts";
import { fileKey, flatInstructions, subtreeTransfers, tokenMint, tokenOwner } from "./fixtureSwapLegs.ts";

/**
 * Coverage of every swap in the recorded fixtures, whatever the program: for each successful
 * transaction, each signer whose own pre/post balances show a swap (one asset out, another in,
 * no liquidity operation), the decoded rows made for that signer must reproduce its net flows
 * ({@link reproduces}). Everything expected is read here from the recorded transactions:
 * balances, instruction data, log messages.
 */

type Raw = Record<string, unknown>;
const SYSTEM = "11111111111111111111111111111111";
const STAKE = "Stake11111111111111111111111111111111111111";
const TOKEN = "TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA";
const TOKEN_2022 = "TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb";
/** Programs a plain transfer uses: nothing but moving, creating and describing accounts. */
const PLAIN = new Set([
  SYSTEM,
  TOKEN,
  TOKEN_2022,
  "ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL",
  "ComputeBudget111111111111111111111111111111",
  "MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr",
  "Memo1UhkJRfHyvLMcVucJwxXeuD728EqVDDwQDxFMNo",
]);
/** Anchor's "Instruction: <Name>" log lines of liquidity operations (adds, removes, vault deposits). */
const LIQUIDITY_LOG =
  /Instruction: \w*(AddLiquidity|RemoveLiquidity|IncreaseLiquidity|DecreaseLiquidity|Deposit|Withdraw|InitializePool|CreatePool|Migrate|ClosePosition|OpenPosition)\w*/;
const SWAP_LOG = /Instruction: \w*(Swap|Route|Buy|Sell|Fill)\w*/i;

/**
 * Owner of an account: its token balance, else the instruction that opened or closed it (an
 * associated account creation, InitializeAccount, CloseAccount), else the account itself.
 */
function ownerOf(raw: Raw, account: string): string {
  const owner = tokenOwner(raw, account);
  if (owner) return owner;
  for (const ix of flatInstructions(raw)) {
    const a = ix.accounts;
    if (ix.programId === "ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL" && a[1] === account && a[2])
      return a[2];
    if (ix.programId !== TOKEN && ix.programId !== TOKEN_2022) continue;
    if (ix.data[0] === 1 && a[0] === account && a[2]) return a[2];
    if ((ix.data[0] === 16 || ix.data[0] === 18) && a[0] === account)
      return bs58.encode(ix.data.subarray(1, 33));
    if (ix.data[0] === 9 && a[0] === account && a[2]) return a[2];
  }
  return account;
}

/** The signer's net change of each asset it holds (SOL with its token accounts' rent, fee added back). */
function netFlows(raw: Raw, wallet: string): Map<string, bigint> {
  const meta = raw.meta as { preTokenBalances?: Bal[]; postTokenBalances?: Bal[] };
  const mints = new Set([SOLANA_NATIVE_MINT]);
  for (const b of [...(meta.preTokenBalances ?? []), ...(meta.postTokenBalances ?? [])])
    if (b.owner === wallet) mints.add(b.mint);
  const out = new Map<string, bigint>();
  for (const m of mints) {
    const d = walletNetFlow(raw, wallet, m);
    if (d !== 0n) out.set(m, d);
  }
  return out;
}
type Bal = { mint: string; owner?: string };

/**
 * Whether a program minted to or burnt from a token account of `wallet` (shares, LP tokens,
 * positions). A burn the wallet makes itself at top level is a plain burn, not a liquidity operation.
 */
function sharesMoved(raw: Raw, wallet: string): boolean {
  return flatInstructions(raw).some((ix) => {
    if (ix.stackHeight === 1 || (ix.programId !== TOKEN && ix.programId !== TOKEN_2022)) return false;
    const tag = ix.data[0];
    const account =
      tag === 7 || tag === 14 ? ix.accounts[1] : tag === 8 || tag === 15 ? ix.accounts[0] : null;
    return account != null && tokenOwner(raw, account) === wallet;
  });
}

function logs(raw: Raw): string[] {
  return ((raw.meta as { logMessages?: string[] }).logMessages ?? []) as string[];
}

type Kind = "swap" | "liquidity" | "staking" | "transfer" | "other";
/** What the transaction is for `wallet`, from its own balances, instructions and logs. */
function kindOf(raw: Raw, wallet: string): Kind {
  const flat = flatInstructions(raw);
  if (flat.every((ix) => PLAIN.has(ix.programId))) return "transfer";
  const flows = netFlows(raw, wallet);
  const out = [...flows.values()].some((d) => d < 0n);
  const into = [...flows.values()].some((d) => d > 0n);
  const lines = logs(raw);
  const liquidity =
    sharesMoved(raw, wallet) ||
    (lines.some((l) => LIQUIDITY_LOG.test(l)) && !lines.some((l) => SWAP_LOG.test(l)));
  if (liquidity) return "liquidity";
  if (flat.some((ix) => ix.programId === STAKE) && !(out && into)) return "staking";
  return out && into ? "swap" : "other";
}

const ORDER_ENGINE = "61DFfeTKM7trxYcPQCM78bJ794ddZprZpAwAnLiwTpYH";
/** Instruction path as the rows' ids write it: `3` top-level, `3.2` the third inner one under it. */
function pathOf(raw: Raw, index: number): string {
  const flat = flatInstructions(raw);
  const ix = flat[index]!;
  if (ix.stackHeight === 1) return String(ix.top);
  const topAt = flat.findIndex((x) => x.top === ix.top && x.stackHeight === 1);
  return `${ix.top}.${index - topAt - 1}`;
}
/**
 * Jupiter order-engine fills (jup-ag/rfq-webhook-toolkit: fill(input_amount, output_amount,
 * expire_at), accounts [taker, maker, …]) in which `wallet` is the market maker, by instruction path:
 * the liquidity side of the fill's row, as a pool is.
 */
function filledAsMarketMaker(raw: Raw, wallet: string): Set<string> {
  const flat = flatInstructions(raw);
  const paths = new Set<string>();
  flat.forEach((ix, index) => {
    if (ix.programId === ORDER_ENGINE && ix.data.subarray(0, 8).toString("hex") === "a860b7a35c0a28a0")
      if (ix.accounts[1] === wallet) paths.add(pathOf(raw, index));
  });
  return paths;
}

/**
 * What the rows made for `wallet` say it paid and got, per asset (buys add the token and take the
 * quote), and how much of each asset the rows bought in all (an intermediate asset of a route).
 * A row of a fill the wallet made as market maker counts the other way round.
 */
function rowFlows(
  trades: ReturnType<typeof decodeSolanaTransaction>["trades"],
  wallet: string,
  liquiditySide: Set<string> = new Set(),
): { net: Map<string, bigint>; bought: Map<string, bigint> } {
  const net = new Map<string, bigint>();
  const bought = new Map<string, bigint>();
  const add = (m: string, d: bigint) => {
    net.set(m, (net.get(m) ?? 0n) + d);
    if (d > 0n) bought.set(m, (bought.get(m) ?? 0n) + d);
  };
  for (const t of trades) {
    const against = liquiditySide.has(t.id.split(":")[1]!);
    if (t.maker !== wallet && !against) continue;
    const buys = t.isBuy !== against;
    add(t.tokenAddress, buys ? t.amountToken : -t.amountToken);
    add(t.quoteAddress, buys ? -t.amountQuote : t.amountQuote);
  }
  for (const [m, d] of net) if (d === 0n) net.delete(m);
  return { net, bought };
}

/** Fees a router, bot or platform takes beside the pools: at most 1/FEE_SHARE of an amount (2%). */
const FEE_SHARE = 50n;

/**
 * Whether the rows reproduce the flows: the same assets on the same sides, each token amount
 * equal or off by no more than a fee taken beside the pools (the wallet paid at most 2% more,
 * or got at most 2% less, than the rows say; a route's intermediate asset may leave at most 2%
 * of what passed through behind, SOL included). SOL is compared on its side only, and SOL the rows do not
 * move may only have been spent: the wallet's lamports also pay rent, tips and program fees.
 * `exact`: every asset, SOL included, equal to the unit.
 */
function reproduces(
  rows: { net: Map<string, bigint>; bought: Map<string, bigint> },
  flows: Map<string, bigint>,
): { ok: boolean; exact: boolean } {
  const mints = new Set([...rows.net.keys(), ...flows.keys()]);
  let ok = true;
  let exact = true;
  for (const m of mints) {
    const r = rows.net.get(m) ?? 0n;
    const f = flows.get(m) ?? 0n;
    if (r === f) continue;
    exact = false;
    if (m === SOLANA_NATIVE_MINT && r === 0n) {
      if (f > 0n) ok = false;
    } else if (m === SOLANA_NATIVE_MINT && r > 0n && f < 0n && r * FEE_SHARE <= (rows.bought.get(m) ?? 0n)) {
      // SOL a route left behind between two hops (at most 2% of what passed through), taken by
      // the router: the wallet's own SOL was then only spent
    } else if (m === SOLANA_NATIVE_MINT && f !== 0n) {
      if (r > 0n !== f > 0n) ok = false;
    } else if (r > 0n && f === 0n) {
      if (r * FEE_SHARE > (rows.bought.get(m) ?? 0n)) ok = false;
    } else if (r > 0n) {
      if (f < 0n || f > r || (r - f) * FEE_SHARE > r) ok = false;
    } else if (f > r || (r - f) * FEE_SHARE > -r) ok = false;
  }
  return { ok, exact };
}

/** System transfers (lamports) of one instruction's CPI subtree. */
function subtreeLamports(raw: Raw, index: number): { source: string; destination: string; amount: bigint }[] {
  const flat = flatInstructions(raw);
  const out: { source: string; destination: string; amount: bigint }[] = [];
  for (let j = index + 1; j < flat[index]!.end; j++) {
    const ix = flat[j]!;
    if (ix.programId !== SYSTEM || ix.data.length < 12 || ix.data.readUInt32LE(0) !== 2) continue;
    out.push({ source: ix.accounts[0]!, destination: ix.accounts[1]!, amount: ix.data.readBigUInt64LE(4) });
  }
  return out;
}

/**
 * Shares minted (MintTo 7, MintToChecked 14: [mint, account]) and burnt (Burn 8, BurnChecked 15:
 * [account, mint]) in one instruction's CPI subtree, as moves out of and into the mint.
 */
function subtreeSupply(
  raw: Raw,
  index: number,
): { source: string; destination: string; mint: string; amount: bigint }[] {
  const flat = flatInstructions(raw);
  const out: { source: string; destination: string; mint: string; amount: bigint }[] = [];
  for (let j = index + 1; j < flat[index]!.end; j++) {
    const ix = flat[j]!;
    if ((ix.programId !== TOKEN && ix.programId !== TOKEN_2022) || ix.data.length < 9) continue;
    const tag = ix.data[0];
    const amount = ix.data.readBigUInt64LE(1);
    if (tag === 8 || tag === 15)
      out.push({ source: ix.accounts[0]!, destination: ix.accounts[1]!, mint: ix.accounts[1]!, amount });
    if (tag === 7 || tag === 14)
      out.push({ source: ix.accounts[0]!, destination: ix.accounts[1]!, mint: ix.accounts[0]!, amount });
  }
  return out;
}

const recording = fixtureRecording();

describe("every swap in the recorded Solana transactions", () => {
  const results = recording.transactions
    .filter((t) => !rawView(t.raw as Raw).failed)
    .map((t) => ({
      key: fileKey(t.file),
      raw: t.raw as Raw,
      r: decodeSolanaTransaction(t.raw, { fallbackAtMs: 0 }),
    }));

  it("the decoded rows of each swapping signer reproduce its net flows", () => {
    let swaps = 0;
    let reproduced = 0;
    let exact = 0;
    const missed: string[] = [];
    for (const { key, raw, r } of results) {
      for (const signer of rawView(raw).signers) {
        if (kindOf(raw, signer) !== "swap") continue;
        swaps++;
        const res = reproduces(
          rowFlows(r.trades, signer, filledAsMarketMaker(raw, signer)),
          netFlows(raw, signer),
        );
        if (res.ok) reproduced++;
        else missed.push(`${key}:${signer.slice(0, 6)}`);
        if (res.exact) exact++;
      }
    }
    console.log(
      `solana swap coverage: ${reproduced}/${swaps} swapping signers reproduced (${exact} to the lamport); not reproduced: ${missed.join(", ")}`,
    );
    expect(swaps).toBeGreaterThanOrEqual(77);
    // every swapping signer is reproduced; to the unit: 35 of 77 (the others pay tips, rent or a
    // router's fee in SOL, or a router keeps part of an intermediate asset); a regression lowers it
    expect(missed).toEqual([]);
    expect(reproduced).toBe(swaps);
    expect(exact).toBeGreaterThanOrEqual(35);
  });

  it("each generic leg moves what its invocation's inner transfers moved, trader side to program side and back", () => {
    let legs = 0;
    for (const { key, raw, r } of results) {
      const flat = flatInstructions(raw);
      for (const leg of r.genericLegs) {
        legs++;
        expect(flat[leg.flatIndex]!.programId, key).toBe(leg.programId);
        const moves = [
          ...subtreeTransfers(raw, leg.flatIndex).map((t) => ({
            ...t,
            mint: t.mint ?? tokenMint(raw, t.source) ?? tokenMint(raw, t.destination),
            from: ownerOf(raw, t.source),
            to: ownerOf(raw, t.destination),
          })),
          ...subtreeLamports(raw, leg.flatIndex).map((t) => ({
            ...t,
            mint: SOLANA_NATIVE_MINT,
            from: t.source,
            to: t.destination,
          })),
          // a venue trading pool shares (an LST burnt for SOL) takes them by burning or minting
          ...subtreeSupply(raw, leg.flatIndex).map((t) => ({
            ...t,
            from: t.source === t.mint ? t.mint : ownerOf(raw, t.source),
            to: t.destination === t.mint ? t.mint : ownerOf(raw, t.destination),
          })),
        ];
        // the trader: the one owner that pays the leg's input and receives its output in this invocation
        const payers = new Set(
          moves.filter((m) => m.mint === leg.mintIn && m.from !== m.to).map((m) => m.from),
        );
        const traders = [...payers].filter((o) =>
          moves.some((m) => m.mint === leg.mintOut && m.to === o && m.from !== o),
        );
        expect(traders, `${key} ${leg.path} trader`).toHaveLength(1);
        const trader = traders[0]!;
        const paid = moves
          .filter((m) => m.mint === leg.mintIn && m.from === trader && m.to !== trader)
          .reduce((s, m) => s + m.amount, 0n);
        const got = moves
          .filter((m) => m.mint === leg.mintOut && m.to === trader && m.from !== trader)
          .reduce((s, m) => s + m.amount, 0n);
        expect(leg.amountIn, `${key} ${leg.path} in`).toBe(paid);
        expect(leg.amountOut, `${key} ${leg.path} out`).toBe(got);
      }
    }
    console.log(`generic legs checked against their inner transfers: ${legs}`);
    expect(legs).toBeGreaterThanOrEqual(40);
  });

  it("never fires on liquidity, staking or plain transfer transactions", () => {
    const counts: Record<Kind, number> = { swap: 0, liquidity: 0, staking: 0, transfer: 0, other: 0 };
    const named: Record<Kind, string[]> = { swap: [], liquidity: [], staking: [], transfer: [], other: [] };
    let fired = 0;
    for (const { key, raw, r } of results) {
      const kind = kindOf(raw, rawView(raw).signers[0]!);
      counts[kind]++;
      named[kind].push(key);
      if (kind === "liquidity" || kind === "staking" || kind === "transfer") {
        if (r.genericLegs.length > 0) fired++;
        expect(r.genericLegs, key).toEqual([]);
      }
    }
    console.log(
      `liquidity ${counts.liquidity} (${named.liquidity.join(", ")}), staking ${counts.staking} (${named.staking.join(", ")}), plain transfers ${counts.transfer} (${named.transfer.join(", ")}): generic swaps on them ${fired}`,
    );
    expect(counts.liquidity).toBeGreaterThan(0);
    expect(counts.staking).toBeGreaterThan(0);
    expect(counts.transfer).toBeGreaterThan(0);
    expect(fired).toBe(0);
  });

  it("Moonit trades move the curve's lamports, the fees it pays beside it left out", () => {
    const MOONIT = "MoonCVVNZFSYkqNXP6bxHLPL6QQJiMagDL3qcqUQTrG";
    let trades = 0;
    for (const { key, raw, r } of results) {
      const flat = flatInstructions(raw);
      for (const ix of flat.filter((x) => x.programId === MOONIT)) {
        // buy / sell accounts: sender, sender token account, curve, curve token account, dex fee,
        // helio fee, mint, … (the program's published IDL); the curve pays a seller by debiting its
        // own lamports and sends the two fees from them
        const [, , curve, curveTokens, dexFee, helioFee, mint] = ix.accounts;
        const view = rawView(raw);
        const row = r.trades.find((t) => t.pool === curve);
        expect(row, key).toBeDefined();
        trades++;
        expect(row!.tokenAddress).toBe(mint);
        const curveSol = view.lamportDelta(curve!);
        const fees = view.lamportDelta(dexFee!) + view.lamportDelta(helioFee!);
        const curveTokenDelta = view.accountDelta([curveTokens!], mint!);
        expect(row!.isBuy).toBe(curveSol > 0n);
        expect(row!.amountToken).toBe(curveTokenDelta < 0n ? -curveTokenDelta : curveTokenDelta);
        // a seller got what left the curve less the fees; a buyer paid what entered it plus the fees
        expect(row!.amountQuote).toBe(curveSol < 0n ? -curveSol - fees : curveSol + fees);
      }
    }
    expect(trades).toBeGreaterThanOrEqual(1);
  });

  it("Jupiter order-engine fills: one trade per fill, the taker as maker, amounts as transferred", () => {
    let fills = 0;
    const marketOfPair = new Map<string, string>();
    for (const { key, raw, r } of results) {
      const flat = flatInstructions(raw);
      flat.forEach((ix, index) => {
        if (ix.programId !== ORDER_ENGINE || ix.data.subarray(0, 8).toString("hex") !== "a860b7a35c0a28a0")
          return;
        fills++;
        const [taker, maker, takerIn, makerIn, takerOut, makerOut, mintIn, , mintOut] = ix.accounts;
        const rows = r.trades.filter((t) => t.id.split(":")[1] === pathOf(raw, index));
        expect(rows, key).toHaveLength(1);
        const row = rows[0]!;
        expect(row.maker, key).toBe(taker);
        expect(row.maker).not.toBe(maker);
        // what the taker paid the market maker and got from it, as the token program moved it
        const moved = (from: string, to: string) =>
          subtreeTransfers(raw, index)
            .filter((t) => t.source === from && t.destination === to)
            .reduce((s, t) => s + t.amount, 0n);
        const paid = moved(takerIn!, makerIn!);
        const got = moved(makerOut!, takerOut!);
        const buy = row.tokenAddress === mintOut;
        expect(row.isBuy, key).toBe(buy);
        expect(buy ? row.amountQuote : row.amountToken, key).toBe(paid);
        expect(buy ? row.amountToken : row.amountQuote, key).toBe(got);
        expect([mintIn, mintOut]).toContain(row.quoteAddress);
        // one market per pair, whichever maker filled it
        const pair = `${row.tokenAddress}/${row.quoteAddress}`;
        expect(marketOfPair.get(pair) ?? row.pool).toBe(row.pool);
        marketOfPair.set(pair, row.pool);
        expect(ix.accounts).not.toContain(row.pool);
      });
    }
    expect(fills).toBeGreaterThanOrEqual(2);
  });

  it("Phoenix fills trade on their market account, the taker as maker", () => {
    const PHOENIX = "PhoeNiXZ8ByJGLkxNfZRnkUfjvmuYqLR89jjFHGqdXY";
    let fills = 0;
    for (const { key, raw, r } of results) {
      const flat = flatInstructions(raw);
      for (const leg of r.genericLegs.filter((l) => l.programId === PHOENIX)) {
        fills++;
        // phoenix-v1 Swap accounts: program, log authority, market, trader, base account, quote
        // account, base vault, quote vault, token program
        const ix = flat[leg.flatIndex]!;
        expect(ix.data[0], `${key} Swap instruction`).toBe(0);
        expect(leg.pool, key).toBe(ix.accounts[2]);
        const vaults = [ix.accounts[6], ix.accounts[7]];
        for (const t of subtreeTransfers(raw, leg.flatIndex))
          expect(vaults.includes(t.source) || vaults.includes(t.destination), key).toBe(true);
        const row = r.trades.find((t) => t.pool === leg.pool)!;
        // the taker: the trader account of the Swap, or the signer owning its token accounts
        const taker = [ix.accounts[3], ownerOf(raw, ix.accounts[4]!)].find((a) =>
          rawView(raw).signers.includes(a!),
        );
        expect(row.maker, key).toBe(taker ?? rawView(raw).signers[0]);
      }
    }
    expect(fills).toBeGreaterThanOrEqual(2);
  });

  it("names registered venues and marks the others UNKNOWN_<program id prefix>", () => {
    const keys = new Map(results.map((x) => [x.key, x]));
    // SolFi V2 through Jupiter's shared accounts route (swap_solfiv2_1): a registered venue
    const solfi = keys.get("swap_solfiv2_1")!.r.genericLegs;
    expect(solfi.map((l) => l.venueType)).toEqual(["SOLFI_V2"]);
    // its two vaults belong to one account the instruction passes: the pool is that state account
    const ix = flatInstructions(keys.get("swap_solfiv2_1")!.raw)[solfi[0]!.flatIndex]!;
    expect(ix.accounts).toContain(solfi[0]!.pool);
    for (const { r } of results)
      for (const l of r.genericLegs)
        if (l.venueType.startsWith("UNKNOWN_"))
          expect(l.venueType).toBe(`UNKNOWN_${l.programId.slice(0, 8)}`);
  });
});
