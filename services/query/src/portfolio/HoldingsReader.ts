/** What a wallet holds on one chain, read from its node. Amounts are raw integers. */
export type Holdings = {
  /** when the node was read (ms) */
  asOf: number;
  /** EVM: the block read (hex), for pool reads at the same moment */
  block?: string;
  /** the native coin (on Solana SOL plus wrapped SOL) */
  nativeRaw: bigint;
  /** token balances by address; a token whose balance could not be read is absent */
  tokens: ReadonlyMap<string, { raw: bigint; decimals: number | null }>;
};

/**
 * The holdings port: reads a wallet's balances from its chain at request time.
 * @throws NodeUnavailableError when the node cannot answer
 */
export type HoldingsReader = {
  /**
   * @param tokens the tokens to read on EVM (every token the wallet traded, the stablecoins and
   *   any asked for); Solana reads every token account of the wallet whatever this list says
   */
  read(wallet: string, tokens: readonly string[]): Promise<Holdings>;
};
