import type { BalanceChange } from "../../writer/IngestBatch.ts";
import { addressFromWord } from "../decoders/abiWords.ts";
import type { RawLog } from "../decoders/DexEvent.ts";

/** Transfer(address indexed from, address indexed to, uint256 value) */
export const TRANSFER_TOPIC = "0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef";
/** WETH9 Deposit(address indexed dst, uint256 wad): mints wrapped native without a Transfer */
export const DEPOSIT_TOPIC = "0xe1fffcc4923d04b559f4d29a8bfc6cda04eb5b0d3c460751c2402c5c5cc9109c";
/** WETH9 Withdrawal(address indexed src, uint256 wad): burns wrapped native without a Transfer */
export const WITHDRAWAL_TOPIC = "0x7fcf532c15f0a6db0bd6d0e038bea71d30d808c7d98cb3bf7268a95bf5081b65";

const ZERO = `0x${"0".repeat(40)}`;

/**
 * Balance changes of tracked tokens from their logs (pure): each ERC-20 `Transfer` moves `value`
 * from `from` to `to` (the zero address, the mint source and burn sink, holds nothing), and the
 * wrapped native token's `Deposit`/`Withdrawal` credit and debit the wrapper. ERC-721 transfers
 * (4 topics) and logs of untracked emitters are skipped. One change per log side; the writer
 * merges them per holder, token and transaction.
 */
export function transferBalanceChanges(
  logs: readonly RawLog[],
  opts: { tracked: ReadonlySet<string>; wrappedNative: string; atOf: (block: bigint) => number },
): BalanceChange[] {
  const out: BalanceChange[] = [];
  for (const log of logs) {
    if (!opts.tracked.has(log.address)) continue;
    const t0 = log.topics[0];
    const base = {
      token: log.address,
      block: log.blockNumber,
      seq: log.transactionIndex ?? 0,
      at: opts.atOf(log.blockNumber),
      txHash: log.transactionHash,
      accounts: null,
    };
    if (t0 === TRANSFER_TOPIC) {
      if (log.topics.length !== 3 || log.data.length < 66) continue;
      const from = addressFromWord(log.topics[1]!);
      const to = addressFromWord(log.topics[2]!);
      const value = BigInt(log.data.slice(0, 66));
      if (from === to || value === 0n) continue;
      if (from !== ZERO) out.push({ ...base, holder: from, delta: -value });
      if (to !== ZERO) out.push({ ...base, holder: to, delta: value });
    } else if (log.address === opts.wrappedNative && (t0 === DEPOSIT_TOPIC || t0 === WITHDRAWAL_TOPIC)) {
      if (log.topics.length !== 2 || log.data.length < 66) continue;
      const value = BigInt(log.data.slice(0, 66));
      out.push({
        ...base,
        holder: addressFromWord(log.topics[1]!),
        delta: t0 === DEPOSIT_TOPIC ? value : -value,
      });
    }
  }
  return out;
}
