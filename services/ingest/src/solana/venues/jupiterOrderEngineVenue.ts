import { createHash } from "node:crypto";
import { base58ToBytes } from "../base58ToBytes.ts";
import { bytesToBase58 } from "../bytesToBase58.ts";
import { chooseBaseQuote } from "../chooseBaseQuote.ts";
import { discriminatorHex } from "../discriminatorHex.ts";
import { instructionData } from "../instructionData.ts";
import type { SolanaVenue } from "../SolanaVenue.ts";
import { u64At } from "../u64At.ts";

export const JUPITER_ORDER_ENGINE_PROGRAM = "61DFfeTKM7trxYcPQCM78bJ794ddZprZpAwAnLiwTpYH";
/** fill(input_amount: u64, output_amount: u64, expire_at: i64): sha256("global:fill")[..8] */
const FILL = "a860b7a35c0a28a0";
// Fill accounts (jup-ag/rfq-webhook-toolkit, programs/order-engine): taker, maker,
// taker_input_mint_token_account, maker_input_mint_token_account, taker_output_mint_token_account,
// maker_output_mint_token_account, input_mint, input_token_program, output_mint,
// output_token_program, system_program; an absent optional account is the program id (native SOL
// moved as lamports)
const TAKER = 0;
const TAKER_INPUT = 2;
const TAKER_OUTPUT = 4;
const INPUT_MINT = 6;
const OUTPUT_MINT = 8;

const markets = new Map<string, string>();
/**
 * The order engine's market of a pair: no account holds it (each fill moves tokens between the
 * taker's and the market maker's own accounts), so it is a derived id, sha256 of the program id,
 * the base mint and the quote mint (32 bytes each), in base58 like an address.
 */
export function orderEngineMarket(base: string, quote: string): string {
  const key = `${base}/${quote}`;
  let id = markets.get(key);
  if (id === undefined) {
    const h = createHash("sha256");
    for (const a of [JUPITER_ORDER_ENGINE_PROGRAM, base, quote]) h.update(base58ToBytes(a));
    id = bytesToBase58(h.digest());
    if (markets.size < 10_000) markets.set(key, id);
  }
  return id;
}

/**
 * Jupiter's order engine (RFQ, "JupiterZ"): a Fill between two signers, the taker (the user who
 * asked for the quote) and a market maker, each paying the other from its own accounts. The fill
 * is one trade on the pair's market (`orderEngineMarket`), the taker its maker (the trader), the
 * market maker the liquidity side, as a resting order is on a book. Amounts are the fill's
 * `input_amount` and `output_amount`, which the program moves whole.
 */
export const jupiterOrderEngineVenue: SolanaVenue = {
  venueType: "JUPITER_ORDER_ENGINE",
  programId: JUPITER_ORDER_ENGINE_PROGRAM,
  exchangeName: "Jupiter Order Engine",
  decode(tx, i, out) {
    const ix = tx.instructions[i]!;
    const d = instructionData(ix);
    if (d.length < 24 || discriminatorHex(d) !== FILL) return;
    const mintIn = ix.accounts[INPUT_MINT];
    const mintOut = ix.accounts[OUTPUT_MINT];
    const taker = ix.accounts[TAKER];
    const amountIn = u64At(d, 8);
    const amountOut = u64At(d, 16);
    if (!mintIn || !mintOut || !taker || mintIn === mintOut || amountIn === 0n || amountOut === 0n) return;
    const { base, quote } = chooseBaseQuote(mintIn, mintOut);
    const [token0, token1] = mintIn < mintOut ? [mintIn, mintOut] : [mintOut, mintIn];
    const counterparties: string[] = [];
    for (const k of [TAKER_INPUT, TAKER_OUTPUT]) {
      const a = ix.accounts[k];
      if (a && a !== JUPITER_ORDER_ENGINE_PROGRAM) counterparties.push(a);
    }
    out.legs.push({
      venueType: "JUPITER_ORDER_ENGINE",
      programId: JUPITER_ORDER_ENGINE_PROGRAM,
      exchangeName: "Jupiter Order Engine",
      pool: orderEngineMarket(base, quote),
      path: ix.path,
      flatIndex: i,
      mintIn,
      amountIn,
      mintOut,
      amountOut,
      trader: taker,
      counterparties,
      token0,
      token1,
      reserve0: null,
      reserve1: null,
      launchpad: null,
      bondingProgress: null,
      eventAt: null,
    });
  },
};
