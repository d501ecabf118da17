import { childEvents } from "../childEvents.ts";
import { createVaultVenue } from "../createVaultVenue.ts";
import { pushLaunchpadCreate } from "../pushLaunchpadCreate.ts";
import { RAYDIUM_LAUNCHLAB_PROGRAM } from "../solanaPrograms.ts";

const SWAP = { pool: 4, vaults: [7, 8], trader: 0 } as const;
const LAUNCHPAD = "raydium_launchlab";

/**
 * Raydium LaunchLab bonding curve: buy/sell exact in/out between base_vault and quote_vault.
 * Bonding progress (percent) is the share of the curve's base tokens sold, from the
 * TradeEvent's `real_base_after` over `total_base_sell`.
 */
export const raydiumLaunchlabVenue = createVaultVenue({
  venueType: "RAYDIUM_LAUNCHLAB",
  programId: RAYDIUM_LAUNCHLAB_PROGRAM,
  exchangeName: "Raydium LaunchLab",
  launchpad: LAUNCHPAD,
  swaps: {
    faea0d7bd59c13ec: SWAP,
    "18d3742869039938": SWAP,
    "9527de9bd37c981a": SWAP,
    "5fc8472208090ba6": SWAP,
  },
  extra(tx, i, out, legs) {
    for (const ev of childEvents(tx, i)) {
      const f = ev.fields;
      if (
        ev.name === "TradeEvent" &&
        typeof f.real_base_after === "bigint" &&
        typeof f.total_base_sell === "bigint"
      ) {
        const total = f.total_base_sell;
        const progress =
          total > 0n ? Math.min(100, Number((f.real_base_after * 1_000_000n) / total) / 10_000) : null;
        for (const leg of legs) leg.bondingProgress = progress;
      } else if (ev.name === "PoolCreateEvent") {
        const ix = tx.instructions[i]!;
        pushLaunchpadCreate(tx, out, {
          launchpad: LAUNCHPAD,
          mint: ix.accounts[6] ?? "",
          pool: String(f.pool_state),
          creator: String(f.creator),
          at: tx.blockTime === null ? null : tx.blockTime * 1000,
        });
      }
    }
  },
});
