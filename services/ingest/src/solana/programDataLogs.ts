import type { SolanaTransaction } from "./SolanaTransaction.ts";

const INVOKE = / invoke \[\d+\]$/;
const DATA = "Program data: ";

/**
 * The payloads an invocation logged itself with `Program data:` (Anchor's `emit!`), base64-decoded,
 * not those of the programs it called. Invocations are matched to instructions in execution
 * order by their program id (programs that log no invocation, such as precompiles, are skipped);
 * truncated logs give what was logged before the cut.
 */
export function programDataLogs(tx: SolanaTransaction, i: number): Uint8Array[] {
  const out: Uint8Array[] = [];
  const ixs = tx.instructions;
  const stack: number[] = [];
  let next = 0;
  for (const line of tx.logMessages) {
    if (line.startsWith(DATA)) {
      if (stack.at(-1) === i) out.push(Buffer.from(line.slice(DATA.length), "base64"));
    } else if (INVOKE.test(line)) {
      const programId = line.slice("Program ".length, line.lastIndexOf(" invoke ["));
      while (next < ixs.length && ixs[next]!.programId !== programId) next++;
      if (next >= ixs.length || (next > i && !stack.includes(i))) break;
      stack.push(next++);
    } else if (line.endsWith(" success") || line.includes(" failed: ")) {
      if (stack.pop() === i) break;
    }
  }
  return out;
}
