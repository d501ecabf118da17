import { SOLANA_NATIVE_MINT } from "@tapeline/core";
import { BorshReader } from "../BorshReader.ts";
import { discriminatorHex } from "../discriminatorHex.ts";
import { instructionData } from "../instructionData.ts";
import { programDataLogs } from "../programDataLogs.ts";
import type { SolanaVenue } from "../SolanaVenue.ts";

export const MOONIT_PROGRAM = "MoonCVVNZFSYkqNXP6bxHLPL6QQJiMagDL3qcqUQTrG";
const BUY = "66063d1201daebea";
const SELL = "33e685a4017f83ad";
/** TradeEvent: sha256("event:TradeEvent")[..8] */
const TRADE_EVENT = "bddb7fd34ee661ee";
// buy / sell accounts: sender, sender_token_account, curve_account, curve_token_account,
// dex_fee, helio_fee, mint, config_account, token program, associated token program, system program
const CURVE = 2;
const MINT = 6;

/**
 * Moonit (Moonshot) bonding curves: the curve account holds the SOL and pays a seller by debiting
 * its own lamports, which no instruction records, so the amounts come from the TradeEvent the
 * program logs (`Program data:`): amount (tokens), collateral_amount (the curve's SOL), dex_fee,
 * helio_fee, allocation, curve, cost_token, sender, type (0 buy, 1 sell). The two fees are paid
 * beside the curve: added to what a buyer paid, kept from what a seller received.
 */
export const moonitVenue: SolanaVenue = {
  venueType: "MOONIT",
  programId: MOONIT_PROGRAM,
  exchangeName: "Moonit",
  decode(tx, i, out) {
    const ix = tx.instructions[i]!;
    const disc = discriminatorHex(instructionData(ix));
    if (disc !== BUY && disc !== SELL) return;
    const curve = ix.accounts[CURVE];
    const mint = ix.accounts[MINT];
    if (!curve || !mint) return;
    for (const data of programDataLogs(tx, i)) {
      if (data.length < 8 + 5 * 8 + 3 * 32 + 1 || discriminatorHex(data) !== TRADE_EVENT) continue;
      const r = new BorshReader(data, 8);
      const tokens = r.u64();
      const collateral = r.u64();
      const fees = r.u64() + r.u64();
      r.u64(); // allocation
      if (r.pubkey() !== curve) continue;
      r.pubkey(); // cost_token
      const sender = r.pubkey();
      const isBuy = r.u8() === 0;
      const sol = isBuy ? collateral + fees : collateral - fees;
      if (tokens === 0n || sol <= 0n) continue;
      out.legs.push({
        venueType: "MOONIT",
        programId: MOONIT_PROGRAM,
        exchangeName: "Moonit",
        pool: curve,
        path: ix.path,
        flatIndex: i,
        mintIn: isBuy ? SOLANA_NATIVE_MINT : mint,
        amountIn: isBuy ? sol : tokens,
        mintOut: isBuy ? mint : SOLANA_NATIVE_MINT,
        amountOut: isBuy ? tokens : sol,
        trader: sender,
        counterparties: ix.accounts[1] ? [ix.accounts[1]] : [],
        token0: mint,
        token1: SOLANA_NATIVE_MINT,
        reserve0: null,
        reserve1: null,
        launchpad: null,
        bondingProgress: null,
        eventAt: null,
      });
      return;
    }
  },
};
