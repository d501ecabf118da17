import { createHash } from "node:crypto";
import bs58 from "bs58";
import { describe, expect, it } from "vitest";
import { decodeSolanaTransaction } from "../../services/ingest/src/solana/decodeSolanaTransaction.ts";

/**
 * Meteora host and referral fees. No recorded swap passes the optional fee account, so each case
 * is a transaction built here from the recorded IDLs' swap accounts (fixtures
 * idl/pinax-substreams-solana-idls/meteora_dlmm.json and meteora_damm_v2_cp_amm.json,
 * idl/yellowstone-vixen/meteora_dbc.json): DLMM's `host_fee_in` (account 9) receives the host's
 * share from the trader's input account; DAMM v2's and DBC's `referral_token_account` (11, 12)
 * is paid by a pool vault. The trade's amounts must be what the trader paid and received, as its
 * own token balances show, and its wallet swap must agree.
 */

const TOKEN = "TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA";
const SOL = "So11111111111111111111111111111111111111112";
const DLMM = "LBUZKhRxPF3XUpBCjp4YzTKgLccjZhTSDM9YuVaPwxo";
const DAMM_V2 = "cpamdpZCGKUy5JxQXB4dcpGPiikHawvSWAd6mEn1sGG";
const DBC = "dbcij3LWUppWqq96dh6gJWwBifmcGfLSB5D4DuSMaqN";

const key = (label: string): string => bs58.encode(createHash("sha256").update(label).digest());
const BASE = key("base mint");
const trader = key("trader");

type Account = { name: string; mint?: string; owner?: string; start?: bigint };
type Transfer = { from: string; to: string; authority: string; amount: bigint };

/** A successful swap of `program` with `accounts` in IDL order and `transfers` as its inner token instructions. */
function swapTx(program: string, accounts: Account[], transfers: Transfer[]) {
  const names = accounts.map((a) => a.name);
  // accounts are named by their IDL names; the program ids stand for themselves
  const address = (name: string): string => (name === program || name === TOKEN ? name : key(name));
  const keys = [...new Set([trader, ...names.map(address), program, TOKEN])];
  const idx = (name: string): number => keys.indexOf(address(name));
  const data = Buffer.alloc(24);
  createHash("sha256").update("global:swap").digest().copy(data, 0, 0, 8);
  const tokenAccounts = accounts.filter((a) => a.mint !== undefined);
  const amountOf = (a: Account, post: boolean): bigint => {
    let amount = a.start ?? 0n;
    if (post)
      for (const t of transfers)
        amount += (t.to === a.name ? t.amount : 0n) - (t.from === a.name ? t.amount : 0n);
    return amount;
  };
  const balance = (a: Account, post: boolean) => {
    const amount = amountOf(a, post);
    return {
      accountIndex: idx(a.name),
      mint: a.mint!,
      owner: a.owner === "trader" ? trader : key(a.owner!),
      programId: TOKEN,
      uiTokenAmount: { amount: amount.toString(), decimals: a.mint === SOL ? 9 : 6 },
    };
  };
  // a wrapped SOL account holds its amount in lamports beside its rent
  const lamports = (post: boolean) =>
    keys.map((k, i) => {
      const a = tokenAccounts.find((t) => address(t.name) === k && t.mint === SOL);
      const rent = 2_039_280 - (post && i === 0 ? 5000 : 0);
      return a ? rent + Number(amountOf(a, post)) : rent;
    });
  return {
    slot: 300_000_000,
    blockTime: 1_750_000_000,
    transaction: {
      signatures: [
        bs58.encode(
          createHash("sha512")
            .update(JSON.stringify([program, names]))
            .digest(),
        ),
      ],
      message: {
        accountKeys: keys,
        header: { numRequiredSignatures: 1, numReadonlySignedAccounts: 0, numReadonlyUnsignedAccounts: 2 },
        recentBlockhash: key("blockhash"),
        instructions: [{ programIdIndex: idx(program), accounts: names.map(idx), data: bs58.encode(data) }],
      },
    },
    meta: {
      err: null,
      fee: 5000,
      preBalances: lamports(false),
      postBalances: lamports(true),
      innerInstructions: [
        {
          index: 0,
          instructions: transfers.map((t) => {
            const d = Buffer.alloc(9);
            d[0] = 3; // SPL Token Transfer: [source, destination, authority]
            d.writeBigUInt64LE(t.amount, 1);
            return {
              programIdIndex: idx(TOKEN),
              accounts: [idx(t.from), idx(t.to), t.authority === "trader" ? 0 : idx(t.authority)],
              data: bs58.encode(d),
              stackHeight: 2,
            };
          }),
        },
      ],
      preTokenBalances: tokenAccounts.map((a) => balance(a, false)),
      postTokenBalances: tokenAccounts.map((a) => balance(a, true)),
      logMessages: [],
    },
  };
}

type Raw = ReturnType<typeof swapTx>;
/** The trader's change of a mint, from the built transaction's own token balances. */
function traderChange(raw: Raw, mint: string): bigint {
  let total = 0n;
  for (const post of raw.meta.postTokenBalances) {
    if (post.owner !== trader || post.mint !== mint) continue;
    const pre = raw.meta.preTokenBalances.find((b) => b.accountIndex === post.accountIndex)!;
    total += BigInt(post.uiTokenAmount.amount) - BigInt(pre.uiTokenAmount.amount);
  }
  return total;
}

/** The one trade row, checked against the trader's balances and its wallet swap. */
function expectTraderSide(raw: Raw, sold: string, bought: string) {
  const r = decodeSolanaTransaction(raw);
  expect(r.trades).toHaveLength(1);
  const t = r.trades[0]!;
  const paid = -traderChange(raw, sold);
  const got = traderChange(raw, bought);
  expect(t.isBuy).toBe(bought === BASE);
  expect(t.isBuy ? t.amountQuote : t.amountToken).toBe(paid);
  expect(t.isBuy ? t.amountToken : t.amountQuote).toBe(got);
  const swap = r.walletSwaps.find((s) => s.wallet === trader)!;
  expect(swap.sent).toEqual([{ tokenAddress: sold, amount: paid }]);
  expect(swap.received).toEqual([{ tokenAddress: bought, amount: got }]);
  return t;
}

describe("Meteora host and referral fees", () => {
  it("DLMM: the host fee the trader pays beside the reserve is part of what it paid", () => {
    const raw = swapTx(
      DLMM,
      [
        { name: "lb_pair" },
        { name: DLMM }, // bin_array_bitmap_extension absent
        { name: "reserve_x", mint: BASE, owner: "lb_pair", start: 9_000_000_000n },
        { name: "reserve_y", mint: SOL, owner: "lb_pair", start: 50_000_000_000n },
        { name: "user_token_in", mint: SOL, owner: "trader", start: 3_000_000_000n },
        { name: "user_token_out", mint: BASE, owner: "trader", start: 0n },
        { name: "token_x_mint" },
        { name: "token_y_mint" },
        { name: "oracle" },
        { name: "host_fee_in", mint: SOL, owner: "host", start: 0n },
        { name: "user" },
        { name: "token_x_program" },
        { name: "token_y_program" },
        { name: "event_authority" },
        { name: "program" },
      ],
      [
        { from: "user_token_in", to: "reserve_y", authority: "trader", amount: 999_600_000n },
        { from: "user_token_in", to: "host_fee_in", authority: "trader", amount: 400_000n },
        { from: "reserve_x", to: "user_token_out", authority: "lb_pair", amount: 120_000_000n },
      ],
    );
    const t = expectTraderSide(raw, SOL, BASE);
    expect(t.amountQuote).toBe(1_000_000_000n);
  });

  it("DAMM v2: a referral fee a vault pays from the input side is not received by the trader", () => {
    const raw = swapTx(
      DAMM_V2,
      [
        { name: "pool_authority" },
        { name: "pool" },
        { name: "input_token_account", mint: BASE, owner: "trader", start: 500_000_000n },
        { name: "output_token_account", mint: SOL, owner: "trader", start: 0n },
        { name: "token_a_vault", mint: BASE, owner: "pool_authority", start: 8_000_000_000n },
        { name: "token_b_vault", mint: SOL, owner: "pool_authority", start: 40_000_000_000n },
        { name: "token_a_mint" },
        { name: "token_b_mint" },
        { name: "payer" },
        { name: "token_a_program" },
        { name: "token_b_program" },
        { name: "referral_token_account", mint: BASE, owner: "referrer", start: 0n },
        { name: "event_authority" },
        { name: "program" },
      ],
      [
        { from: "input_token_account", to: "token_a_vault", authority: "trader", amount: 200_000_000n },
        {
          from: "token_b_vault",
          to: "output_token_account",
          authority: "pool_authority",
          amount: 950_000_000n,
        },
        {
          from: "token_a_vault",
          to: "referral_token_account",
          authority: "pool_authority",
          amount: 100_000n,
        },
      ],
    );
    const t = expectTraderSide(raw, BASE, SOL);
    expect(t.amountToken).toBe(200_000_000n);
    expect(t.amountQuote).toBe(950_000_000n);
  });

  it("DBC: a referral fee the quote vault pays on a sell is left out of the proceeds", () => {
    const raw = swapTx(
      DBC,
      [
        { name: "pool_authority" },
        { name: "config" },
        { name: "pool" },
        { name: "input_token_account", mint: BASE, owner: "trader", start: 700_000_000n },
        { name: "output_token_account", mint: SOL, owner: "trader", start: 0n },
        { name: "base_vault", mint: BASE, owner: "pool_authority", start: 600_000_000_000n },
        { name: "quote_vault", mint: SOL, owner: "pool_authority", start: 20_000_000_000n },
        { name: "base_mint" },
        { name: "quote_mint" },
        { name: "payer" },
        { name: "token_base_program" },
        { name: "token_quote_program" },
        { name: "referral_token_account", mint: SOL, owner: "referrer", start: 0n },
        { name: "event_authority" },
        { name: "program" },
      ],
      [
        { from: "input_token_account", to: "base_vault", authority: "trader", amount: 300_000_000n },
        { from: "quote_vault", to: "output_token_account", authority: "pool_authority", amount: 41_000_000n },
        { from: "quote_vault", to: "referral_token_account", authority: "pool_authority", amount: 25_000n },
      ],
    );
    const t = expectTraderSide(raw, BASE, SOL);
    expect(t.amountQuote).toBe(41_000_000n);
  });
});
