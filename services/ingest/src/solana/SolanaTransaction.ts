/**
 * The one internal shape every Solana transaction is decoded from, whatever encoding the node
 * answered in (`json`, `jsonParsed`, `base64`): account keys resolved (static keys, then the
 * writable and readonly addresses loaded from lookup tables), every instruction flattened in
 * execution order with its program id, accounts and data, and the meta the decoders read.
 */
export type SolanaTransaction = {
  signature: string;
  slot: bigint | null;
  /** unix seconds, null when the node does not know it */
  blockTime: number | null;
  accountKeys: string[];
  /** the first `numRequiredSignatures` account keys; signers[0] is the fee payer */
  signers: string[];
  /** top-level and inner instructions in execution order */
  instructions: SolanaInstruction[];
  /** false for old transactions whose inner instructions carry no stack height */
  stackHeightsKnown: boolean;
  /** token balances by token account address */
  preTokenBalances: Map<string, SolanaTokenBalance>;
  postTokenBalances: Map<string, SolanaTokenBalance>;
  /** lamports by account index */
  preLamports: number[];
  postLamports: number[];
  /** lamports paid: base fee plus priority fee */
  fee: bigint;
  /** `meta.err`; anything but null means the transaction failed */
  err: unknown;
  logMessages: string[];
};

/** One instruction, top-level (`inner` = -1) or inner (CPI). */
export type SolanaInstruction = {
  /** `"3"` for top-level instruction 3, `"3.2"` for the third inner instruction under it */
  path: string;
  top: number;
  inner: number;
  /** 1 for top-level, 2 for a CPI from it, and so on */
  stackHeight: number;
  programId: string;
  accounts: string[];
  /** base58 data as the node sent it (decoded lazily by `instructionData`) */
  data58: string | null;
  /** decoded bytes, filled on first use */
  bytes: Uint8Array | null;
};

/** A token account balance from `pre/postTokenBalances`. */
export type SolanaTokenBalance = {
  account: string;
  mint: string;
  owner: string | null;
  programId: string | null;
  amount: bigint;
  decimals: number;
};
