import { SOLANA_NATIVE_MINT } from "@tapeline/core";
import { instructionData } from "./instructionData.ts";
import type { SolanaTransaction } from "./SolanaTransaction.ts";
import { TOKEN_2022_PROGRAM, TOKEN_PROGRAM } from "./solanaPrograms.ts";

// The decimals of the transaction being decoded: venues and the row builder ask for them several
// times per transaction, one at a time (a WeakMap entry per transaction cost more in GC).
let lastTx: SolanaTransaction | null = null;
let lastOut: Map<string, number> | null = null;

/**
 * Decimals of every mint the transaction shows: from its token balances and from mints it
 * initializes (InitializeMint / InitializeMint2 carry the decimals). SOL is always 9.
 */
export function mintDecimals(tx: SolanaTransaction): Map<string, number> {
  if (tx === lastTx && lastOut) return lastOut;
  const out = new Map<string, number>([[SOLANA_NATIVE_MINT, 9]]);
  for (const b of tx.preTokenBalances.values()) out.set(b.mint, b.decimals);
  for (const b of tx.postTokenBalances.values()) out.set(b.mint, b.decimals);
  for (const ix of tx.instructions) {
    if (ix.programId !== TOKEN_PROGRAM && ix.programId !== TOKEN_2022_PROGRAM) continue;
    // InitializeMint data is 35 bytes without a freeze authority (about 47 base58 characters), 67
    // with one; transfers are 9-10 bytes (about 14)
    if (ix.data58 !== null && ix.data58.length < 40) continue;
    const d = instructionData(ix);
    // InitializeMint (0) and InitializeMint2 (20): [tag, decimals, ...]; the mint is account 0.
    if ((d[0] === 0 || d[0] === 20) && d.length >= 2 && ix.accounts[0] && !out.has(ix.accounts[0])) {
      out.set(ix.accounts[0], d[1] as number);
    }
  }
  lastTx = tx;
  lastOut = out;
  return out;
}
