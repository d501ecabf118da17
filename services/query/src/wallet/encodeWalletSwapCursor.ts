/** The keyset position of a wallet swap: (at, block, seq, txHash), newest first. */
export type WalletSwapCursor = { at: number; block: number; seq: number; txHash: string };

/**
 * Encodes a position in a wallet's history as an opaque cursor (base64url JSON). The next page
 * holds the swaps strictly older than it in the (at, block, seq, txHash) order, so a walk never
 * skips or repeats a transaction.
 */
export function encodeWalletSwapCursor(c: WalletSwapCursor): string {
  return Buffer.from(JSON.stringify(["ws1", c.at, c.block, c.seq, c.txHash])).toString("base64url");
}
