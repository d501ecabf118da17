import { childEvents } from "../childEvents.ts";
import { chooseBaseQuote } from "../chooseBaseQuote.ts";
import { createVaultVenue } from "../createVaultVenue.ts";
import { discriminatorHex } from "../discriminatorHex.ts";
import { instructionData } from "../instructionData.ts";
import { PUMPSWAP_PROGRAM } from "../solanaPrograms.ts";

// fees: protocol_fee_recipient_token_account and coin_creator_vault_ata (IDL positions 10, 17);
// users: user_base_token_account and user_quote_token_account (5, 6). Newer versions also pay a
// fee to remaining accounts the recorded IDL does not name (SellEvent fields after coin_creator_fee):
// anything the vaults pay beside the user's accounts is not received by the trader.
const SWAP = { pool: 0, vaults: [7, 8], trader: 1, fees: [10, 17], users: [5, 6] } as const;
const CREATE_POOL = "e992d18ecf6840bc";
const DEFAULT_KEY = "11111111111111111111111111111111";

/**
 * PumpSwap AMM: buy, sell and buy_exact_quote_in move tokens between the user and the pool's
 * base and quote vaults; its protocol and creator fees go to their own token accounts, paid by the
 * quote vault on a sell and by the trader on a buy, and the rows count the trader's side. Pool creation (CreatePoolEvent, also emitted by pump.fun migrations)
 * records the pool and the coin creator as the token's deployer.
 */
export const pumpswapVenue = createVaultVenue({
  venueType: "PUMPSWAP",
  programId: PUMPSWAP_PROGRAM,
  exchangeName: "PumpSwap",
  swaps: { "66063d1201daebea": SWAP, "33e685a4017f83ad": SWAP, c62e1552b4d9e870: SWAP },
  extra(tx, i, out) {
    if (discriminatorHex(instructionData(tx.instructions[i]!)) !== CREATE_POOL) return;
    const ev = childEvents(tx, i).find((e) => e.name === "CreatePoolEvent");
    if (!ev) return;
    const f = ev.fields;
    const base = String(f.base_mint);
    const quote = String(f.quote_mint);
    const at = typeof f.timestamp === "bigint" ? Number(f.timestamp) * 1000 : null;
    const coinCreator =
      typeof f.coin_creator === "string" && f.coin_creator !== DEFAULT_KEY ? f.coin_creator : null;
    out.pools.push({
      chain: "solana",
      address: String(f.pool),
      venueType: "PUMPSWAP",
      factory: PUMPSWAP_PROGRAM,
      exchangeName: "PumpSwap",
      token0: base,
      token1: quote,
      tokenAddress: chooseBaseQuote(base, quote).base,
      quoteAddress: chooseBaseQuote(base, quote).quote,
      creator: coinCreator ?? String(f.creator),
      createdAt: at,
      createdBlock: tx.slot,
      updatedBlock: tx.slot,
      reserve0: typeof f.pool_base_amount === "bigint" ? f.pool_base_amount : null,
      reserve1: typeof f.pool_quote_amount === "bigint" ? f.pool_quote_amount : null,
    });
    if (coinCreator) {
      out.tokens.push({
        chain: "solana",
        address: chooseBaseQuote(base, quote).base,
        name: null,
        symbol: null,
        decimals: null,
        totalSupply: null,
        deployer: coinCreator,
      });
    }
  },
});
