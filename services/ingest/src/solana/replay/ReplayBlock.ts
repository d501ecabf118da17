/**
 * A block the replay serves. Recorded transactions carry no block hash, so `blockhash` and
 * `previousBlockhash` stay null unless the recording has them (null means unknown).
 */
export type ReplayBlock = {
  slot: number;
  parentSlot: number | null;
  blockhash: string | null;
  previousBlockhash: string | null;
  blockTime: number | null;
  blockHeight: number | null;
  /** getTransaction results in json encoding (with or without slot / blockTime) */
  transactions: Record<string, unknown>[];
};
