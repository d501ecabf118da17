import { instructionData } from "./instructionData.ts";
import type { SolanaTransaction } from "./SolanaTransaction.ts";
import { SYSTEM_PROGRAM, TIP_ACCOUNTS } from "./solanaPrograms.ts";
import { u64At } from "./u64At.ts";

/**
 * What the transaction cost its signers in lamports: the fee the runtime charged (base fee per
 * signature plus priority fee, `meta.fee`) plus validator tips, the System transfers (top-level
 * or inner) paid to a known tip account.
 */
export function transactionFeeLamports(tx: SolanaTransaction): { fee: bigint; tips: bigint; total: bigint } {
  let tips = 0n;
  for (const ix of tx.instructions) {
    if (ix.programId !== SYSTEM_PROGRAM) continue;
    const to = ix.accounts[1];
    if (!to || !TIP_ACCOUNTS.has(to)) continue;
    const d = instructionData(ix);
    // System Transfer: u32 tag 2, then u64 lamports
    if (d.length < 12 || d[0] !== 2 || d[1] !== 0 || d[2] !== 0 || d[3] !== 0) continue;
    tips += u64At(d, 4);
  }
  return { fee: tx.fee, tips, total: tx.fee + tips };
}
