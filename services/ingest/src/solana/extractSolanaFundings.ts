import type { WalletFundingRecord } from "@tapeline/core";
import { instructionData } from "./instructionData.ts";
import type { SolanaTransaction } from "./SolanaTransaction.ts";
import { SYSTEM_PROGRAM } from "./solanaPrograms.ts";

/** System program `Transfer`: u32 LE 2, then the lamports (u64 LE); accounts [from, to]. */
const TRANSFER = 2;

/**
 * The system transfers of a successful transaction (top-level and inner, in execution order) that
 * land on an account holding no lamports before the transaction: the transfers that created (or
 * re-created) the receiving account, i.e. funded it first. `txIndex` is the transaction's index
 * in its block. Transfers to an account that already held lamports fund nothing new; other system
 * instructions (`CreateAccount`, `TransferWithSeed`) are not read.
 */
export function extractSolanaFundings(
  tx: SolanaTransaction,
  at: { block: bigint; fundedAt: number; txIndex: number },
): WalletFundingRecord[] {
  if (tx.err !== null) return [];
  const out: WalletFundingRecord[] = [];
  const funded = new Set<string>();
  tx.instructions.forEach((ix, position) => {
    if (ix.programId !== SYSTEM_PROGRAM || ix.accounts.length < 2) return;
    const data = instructionData(ix);
    if (data.length < 12 || data[0] !== TRANSFER || data[1] !== 0 || data[2] !== 0 || data[3] !== 0) return;
    const [from, to] = ix.accounts as [string, string];
    const lamports = new DataView(data.buffer, data.byteOffset, data.byteLength).getBigUint64(4, true);
    const index = tx.accountKeys.indexOf(to);
    if (lamports === 0n || from === to || funded.has(to) || index < 0 || tx.preLamports[index] !== 0) return;
    funded.add(to);
    out.push({
      chain: "solana",
      wallet: to,
      funder: from,
      fundedAt: at.fundedAt,
      block: at.block,
      txIndex: at.txIndex,
      position,
      txHash: tx.signature,
      amountNative: lamports,
    });
  });
  return out;
}
