/** An account as `getAccountInfo` returns it: the owning program and the raw data. */
export type SolanaAccountInfo = { owner: string; data: Uint8Array };

/**
 * Reads accounts from the chain (JSON-RPC `getAccountInfo`, base64). Null when the account
 * does not exist. A source that offers it lets the worker read mint and metadata accounts.
 */
export type SolanaAccountReader = {
  getAccountInfo(address: string): Promise<SolanaAccountInfo | null>;
};
