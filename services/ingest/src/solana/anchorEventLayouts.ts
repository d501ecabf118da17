/**
 * Event layouts of the venues' Anchor IDLs (the IDLs under the fixtures' `solana/idl/`), kept
 * as data: field names and Borsh types in IDL order. Newer program versions append fields, so
 * a decoder reads as many as the event carries; a layout may stop after the last field the
 * decoders need. A test checks these against the IDL files.
 */
import {
  METEORA_DBC_PROGRAM,
  PUMPFUN_PROGRAM,
  PUMPSWAP_PROGRAM,
  RAYDIUM_LAUNCHLAB_PROGRAM,
} from "./solanaPrograms.ts";

export type BorshType = "u8" | "bool" | "u16" | "u32" | "i32" | "u64" | "i64" | "u128" | "pubkey" | "string";
export type EventLayout = {
  name: string;
  discriminator: string;
  fields: readonly (readonly [string, BorshType])[];
};

const PUMP_EVENTS: EventLayout[] = [
  {
    name: "TradeEvent",
    discriminator: "bddb7fd34ee661ee",
    fields: [
      ["mint", "pubkey"],
      ["sol_amount", "u64"],
      ["token_amount", "u64"],
      ["is_buy", "bool"],
      ["user", "pubkey"],
      ["timestamp", "i64"],
      ["virtual_sol_reserves", "u64"],
      ["virtual_token_reserves", "u64"],
      ["real_sol_reserves", "u64"],
      ["real_token_reserves", "u64"],
      ["fee_recipient", "pubkey"],
      ["fee_basis_points", "u64"],
      ["fee", "u64"],
      ["creator", "pubkey"],
      ["creator_fee_basis_points", "u64"],
      ["creator_fee", "u64"],
    ],
  },
  {
    name: "CreateEvent",
    discriminator: "1b72a94ddeeb6376",
    fields: [
      ["name", "string"],
      ["symbol", "string"],
      ["uri", "string"],
      ["mint", "pubkey"],
      ["bonding_curve", "pubkey"],
      ["user", "pubkey"],
      ["creator", "pubkey"],
      ["timestamp", "i64"],
      ["virtual_token_reserves", "u64"],
      ["virtual_sol_reserves", "u64"],
      ["real_token_reserves", "u64"],
      ["token_total_supply", "u64"],
    ],
  },
  {
    name: "CompleteEvent",
    discriminator: "5f72619cd42e9808",
    fields: [
      ["user", "pubkey"],
      ["mint", "pubkey"],
      ["bonding_curve", "pubkey"],
      ["timestamp", "i64"],
    ],
  },
  {
    name: "CompletePumpAmmMigrationEvent",
    discriminator: "bde95db95c94ea94",
    fields: [
      ["user", "pubkey"],
      ["mint", "pubkey"],
      ["mint_amount", "u64"],
      ["sol_amount", "u64"],
      ["pool_migration_fee", "u64"],
      ["bonding_curve", "pubkey"],
      ["timestamp", "i64"],
      ["pool", "pubkey"],
    ],
  },
];

const PUMPSWAP_EVENTS: EventLayout[] = [
  {
    name: "CreatePoolEvent",
    discriminator: "b1310cd2a076a774",
    fields: [
      ["timestamp", "i64"],
      ["index", "u16"],
      ["creator", "pubkey"],
      ["base_mint", "pubkey"],
      ["quote_mint", "pubkey"],
      ["base_mint_decimals", "u8"],
      ["quote_mint_decimals", "u8"],
      ["base_amount_in", "u64"],
      ["quote_amount_in", "u64"],
      ["pool_base_amount", "u64"],
      ["pool_quote_amount", "u64"],
      ["minimum_liquidity", "u64"],
      ["initial_liquidity", "u64"],
      ["lp_token_amount_out", "u64"],
      ["pool_bump", "u8"],
      ["pool", "pubkey"],
      ["lp_mint", "pubkey"],
      ["user_base_token_account", "pubkey"],
      ["user_quote_token_account", "pubkey"],
      ["coin_creator", "pubkey"],
      ["is_mayhem_mode", "bool"],
    ],
  },
];

const LAUNCHLAB_EVENTS: EventLayout[] = [
  {
    name: "TradeEvent",
    discriminator: "bddb7fd34ee661ee",
    fields: [
      ["pool_state", "pubkey"],
      ["total_base_sell", "u64"],
      ["virtual_base", "u64"],
      ["virtual_quote", "u64"],
      ["real_base_before", "u64"],
      ["real_quote_before", "u64"],
      ["real_base_after", "u64"],
      ["real_quote_after", "u64"],
      ["amount_in", "u64"],
      ["amount_out", "u64"],
      ["protocol_fee", "u64"],
      ["platform_fee", "u64"],
      ["creator_fee", "u64"],
      ["share_fee", "u64"],
      // enums without payload are one u8
      ["trade_direction", "u8"],
      ["pool_status", "u8"],
      ["exact_in", "bool"],
    ],
  },
  {
    name: "PoolCreateEvent",
    discriminator: "97d7e20976a173ae",
    fields: [
      ["pool_state", "pubkey"],
      ["creator", "pubkey"],
      ["config", "pubkey"],
    ],
  },
];

const DBC_EVENTS: EventLayout[] = [
  {
    name: "EvtInitializePool",
    discriminator: "e432f655cb428625",
    fields: [
      ["pool", "pubkey"],
      ["config", "pubkey"],
      ["creator", "pubkey"],
      ["base_mint", "pubkey"],
      ["pool_type", "u8"],
      ["activation_point", "u64"],
    ],
  },
  {
    // Emitted by swap2 and, in current program versions, next to EvtSwap by swap. Not in the
    // fixtures' IDL (an older version); the layout is the program's own struct, and the recorded
    // DBC swap carries it (a test reads it field by field from the raw bytes).
    name: "EvtSwap2",
    discriminator: "bd4233a826507599",
    fields: [
      ["pool", "pubkey"],
      ["config", "pubkey"],
      ["trade_direction", "u8"],
      ["has_referral", "bool"],
      ["amount_0", "u64"],
      ["amount_1", "u64"],
      ["swap_mode", "u8"],
      ["included_fee_input_amount", "u64"],
      ["excluded_fee_input_amount", "u64"],
      ["amount_left", "u64"],
      ["output_amount", "u64"],
      ["next_sqrt_price", "u128"],
      ["trading_fee", "u64"],
      ["protocol_fee", "u64"],
      ["referral_fee", "u64"],
      ["quote_reserve_amount", "u64"],
      ["migration_threshold", "u64"],
      ["current_timestamp", "u64"],
    ],
  },
  {
    name: "EvtCurveComplete",
    discriminator: "e5e756549c864b18",
    fields: [
      ["pool", "pubkey"],
      ["config", "pubkey"],
      ["base_reserve", "u64"],
      ["quote_reserve", "u64"],
    ],
  },
];

/** Event layouts by program id. */
export const ANCHOR_EVENT_LAYOUTS: ReadonlyMap<string, readonly EventLayout[]> = new Map([
  [PUMPFUN_PROGRAM, PUMP_EVENTS],
  [PUMPSWAP_PROGRAM, PUMPSWAP_EVENTS],
  [RAYDIUM_LAUNCHLAB_PROGRAM, LAUNCHLAB_EVENTS],
  [METEORA_DBC_PROGRAM, DBC_EVENTS],
]);
