import { base58ToBytes } from "./base58ToBytes.ts";
import type { SolanaInstruction } from "./SolanaTransaction.ts";

const EMPTY = new Uint8Array(0);

/**
 * The data bytes of an instruction, decoded from base58 on first use and kept, so decoders
 * only pay for the instructions they read.
 */
export function instructionData(ix: SolanaInstruction): Uint8Array {
  if (ix.bytes) return ix.bytes;
  ix.bytes = ix.data58 ? base58ToBytes(ix.data58) : EMPTY;
  return ix.bytes;
}
