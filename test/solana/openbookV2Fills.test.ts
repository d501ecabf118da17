import { createHash } from "node:crypto";
import bs58 from "bs58";
import { describe, expect, it } from "vitest";
import { decodeSolanaTransaction } from "../../services/ingest/src/solana/decodeSolanaTransaction.ts";

/**
 * OpenBook v2 fills as trades on their market account. The fixtures hold no OpenBook v2
 * transaction, so each case is a transaction built here from the program's published layouts
 * (openbook-dex/openbook-v2 idl/openbook_v2.json, v0.2.10; place_take_order.rs): PlaceTakeOrder's
 * accounts are [signer, penaltyPayer, market, marketAuthority, bids, asks, marketBaseVault,
 * marketQuoteVault, eventHeap, userBaseAccount, userQuoteAccount, oracleA, oracleB, tokenProgram,
 * systemProgram, openOrdersAdmin]; the taker's deposit goes from its account into one vault
 * (signed by the taker) and its proceeds leave the other vault for its account (signed by the
 * market authority). Expected figures are the built transfers themselves.
 */

const OPENBOOK_V2 = "opnb2LAfJYbRMAHHvqjCwQxanZn7ReEHp1k81EohpZb";
const TOKEN = "TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA";
const SYSTEM = "11111111111111111111111111111111";
const USDC = "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v";

const key = (label: string): string => bs58.encode(createHash("sha256").update(label).digest());
const anchorDiscriminator = (name: string): Buffer =>
  createHash("sha256").update(`global:${name}`).digest().subarray(0, 8);
const tokenTransfer = (amount: bigint): string => {
  const data = Buffer.alloc(9);
  data[0] = 3; // SPL Token Transfer: [source, destination, authority]
  data.writeBigUInt64LE(amount, 1);
  return bs58.encode(data);
};

const taker = key("taker");
const market = key("market");
const marketAuthority = key("market authority");
const baseVault = key("base vault");
const quoteVault = key("quote vault");
const userBase = key("taker base account");
const userQuote = key("taker quote account");
const BASE = key("base mint");

/** The PlaceTakeOrder accounts in IDL order, then the token program's. */
const KEYS = [
  taker,
  key("penalty payer"),
  market,
  marketAuthority,
  key("bids"),
  key("asks"),
  baseVault,
  quoteVault,
  key("event heap"),
  userBase,
  userQuote,
  OPENBOOK_V2, // oracleA and oracleB absent: the program id stands in, as Anchor clients pass it
  OPENBOOK_V2,
  TOKEN,
  SYSTEM,
  OPENBOOK_V2,
];
const at = (k: string): number => KEYS.indexOf(k);
const accountKeys = [...new Set(KEYS)];
const idx = (k: string): number => accountKeys.indexOf(k);

type Side = "bid" | "ask";

/** A successful PlaceTakeOrder by `taker`: `deposit` into one vault, `proceeds` out of the other. */
function placeTakeOrder(side: Side, deposit: bigint, proceeds: bigint) {
  const [payFrom, payTo, getFrom, getTo] =
    side === "bid"
      ? [userQuote, quoteVault, baseVault, userBase]
      : [userBase, baseVault, quoteVault, userQuote];
  const balance = (account: string, mint: string, owner: string, amount: bigint, decimals: number) => ({
    accountIndex: idx(account),
    mint,
    owner,
    programId: TOKEN,
    uiTokenAmount: { amount: amount.toString(), decimals },
  });
  const start = {
    userBase: 5_000_000_000n,
    userQuote: 9_000_000_000n,
    baseVault: 80_000_000_000n,
    quoteVault: 70_000_000_000n,
  };
  const delta = (account: string): bigint => {
    if (account === payFrom) return -deposit;
    if (account === payTo) return deposit;
    if (account === getFrom) return -proceeds;
    if (account === getTo) return proceeds;
    return 0n;
  };
  const balances = (post: boolean) => [
    balance(userBase, BASE, taker, start.userBase + (post ? delta(userBase) : 0n), 6),
    balance(userQuote, USDC, taker, start.userQuote + (post ? delta(userQuote) : 0n), 6),
    balance(baseVault, BASE, marketAuthority, start.baseVault + (post ? delta(baseVault) : 0n), 6),
    balance(quoteVault, USDC, marketAuthority, start.quoteVault + (post ? delta(quoteVault) : 0n), 6),
  ];
  const lamports = accountKeys.map(() => 2_039_280);
  return {
    slot: 300_000_000,
    blockTime: 1_750_000_000,
    transaction: {
      signatures: [bs58.encode(createHash("sha512").update(`${side}${deposit}`).digest())],
      message: {
        accountKeys,
        header: { numRequiredSignatures: 1, numReadonlySignedAccounts: 0, numReadonlyUnsignedAccounts: 6 },
        recentBlockhash: key("blockhash"),
        instructions: [
          {
            programIdIndex: idx(OPENBOOK_V2),
            accounts: KEYS.map(idx),
            // side, then the order's limits; the detector reads only the accounts and the transfers
            data: bs58.encode(
              Buffer.concat([anchorDiscriminator("place_take_order"), Buffer.from([side === "bid" ? 0 : 1])]),
            ),
          },
        ],
      },
    },
    meta: {
      err: null,
      fee: 5000,
      preBalances: lamports,
      postBalances: lamports.map((l, i) => (i === 0 ? l - 5000 : l)),
      innerInstructions: [
        {
          index: 0,
          instructions: [
            {
              programIdIndex: idx(TOKEN),
              accounts: [idx(payFrom), idx(payTo), idx(taker)],
              data: tokenTransfer(deposit),
              stackHeight: 2,
            },
            {
              programIdIndex: idx(TOKEN),
              accounts: [idx(getFrom), idx(getTo), idx(marketAuthority)],
              data: tokenTransfer(proceeds),
              stackHeight: 2,
            },
          ],
        },
      ],
      preTokenBalances: balances(false),
      postTokenBalances: balances(true),
      logMessages: [],
    },
  };
}

describe("OpenBook v2 fills", () => {
  it("a taker's buy trades on the market account with the taker as maker", () => {
    const raw = placeTakeOrder("bid", 151_250_000n, 1_000_000_000n);
    const r = decodeSolanaTransaction(raw);
    const deposit = raw.meta.innerInstructions[0]!.instructions[0]!;
    const proceeds = raw.meta.innerInstructions[0]!.instructions[1]!;
    expect(r.genericLegs).toHaveLength(1);
    expect(r.trades).toHaveLength(1);
    const t = r.trades[0]!;
    expect(t.pool).toBe(market);
    expect(t.maker).toBe(taker);
    expect(t.isBuy).toBe(true);
    expect(t.tokenAddress).toBe(BASE);
    expect(t.quoteAddress).toBe(USDC);
    expect(t.amountQuote).toBe(Buffer.from(bs58.decode(deposit.data)).readBigUInt64LE(1));
    expect(t.amountToken).toBe(Buffer.from(bs58.decode(proceeds.data)).readBigUInt64LE(1));
    expect(t.router).toBeNull();
    expect(r.pools.find((p) => p.address === market)?.venueType).toBe("OPENBOOK_V2");
    expect(at(baseVault)).toBe(6);
    expect(at(quoteVault)).toBe(7);
  });

  it("a taker's sell trades on the same market", () => {
    const raw = placeTakeOrder("ask", 2_000_000_000n, 301_900_000n);
    const r = decodeSolanaTransaction(raw);
    expect(r.trades).toHaveLength(1);
    const t = r.trades[0]!;
    expect(t.pool).toBe(market);
    expect(t.maker).toBe(taker);
    expect(t.isBuy).toBe(false);
    expect(t.amountToken).toBe(2_000_000_000n);
    expect(t.amountQuote).toBe(301_900_000n);
    // the wallet swap agrees with the taker's own balance changes
    const swap = r.walletSwaps.find((s) => s.wallet === taker)!;
    const change = (account: string) => {
      const pre = raw.meta.preTokenBalances.find((b) => b.accountIndex === idx(account))!;
      const post = raw.meta.postTokenBalances.find((b) => b.accountIndex === idx(account))!;
      return BigInt(post.uiTokenAmount.amount) - BigInt(pre.uiTokenAmount.amount);
    };
    expect(swap.sent).toEqual([{ tokenAddress: BASE, amount: -change(userBase) }]);
    expect(swap.received).toEqual([{ tokenAddress: USDC, amount: change(userQuote) }]);
  });

  it("a deposit that takes nothing back is no trade", () => {
    const raw = placeTakeOrder("bid", 151_250_000n, 1_000_000_000n);
    raw.meta.innerInstructions[0]!.instructions.pop();
    expect(decodeSolanaTransaction(raw).trades).toEqual([]);
  });
});
