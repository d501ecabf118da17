import { instructionData } from "./instructionData.ts";
import type { SolanaInstruction } from "./SolanaTransaction.ts";
import { TOKEN_2022_PROGRAM, TOKEN_PROGRAM } from "./solanaPrograms.ts";
import { u64At } from "./u64At.ts";

/** An SPL token movement as the token program executed it. */
export type TokenTransfer = {
  source: string;
  destination: string;
  /** the owner or delegate that signed the transfer */
  authority: string;
  amount: bigint;
  mint: string | null;
};

/**
 * Reads a Token or Token-2022 `Transfer` / `TransferChecked` instruction; null for anything else.
 * `mint` is known only for `TransferChecked`.
 */
export function readTokenTransfer(ix: SolanaInstruction): TokenTransfer | null {
  if (ix.programId !== TOKEN_PROGRAM && ix.programId !== TOKEN_2022_PROGRAM) return null;
  const data = instructionData(ix);
  if (data[0] === 3 && data.length >= 9 && ix.accounts.length >= 3) {
    return {
      source: ix.accounts[0]!,
      destination: ix.accounts[1]!,
      authority: ix.accounts[2]!,
      amount: u64At(data, 1),
      mint: null,
    };
  }
  if (data[0] === 12 && data.length >= 9 && ix.accounts.length >= 4) {
    return {
      source: ix.accounts[0]!,
      destination: ix.accounts[2]!,
      authority: ix.accounts[3]!,
      amount: u64At(data, 1),
      mint: ix.accounts[1]!,
    };
  }
  return null;
}
