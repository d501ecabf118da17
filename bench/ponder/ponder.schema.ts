import { onchainTable } from "ponder";

/** One row per Swap log: the pool (a V4 pool id), its block, transaction, sender and signed amounts. */
export const swap = onchainTable("swap", (t) => ({
  id: t.text().primaryKey(),
  pool: t.hex().notNull(),
  block: t.bigint().notNull(),
  at: t.bigint().notNull(),
  txHash: t.hex().notNull(),
  maker: t.hex().notNull(),
  amount0: t.bigint().notNull(),
  amount1: t.bigint().notNull(),
}));
