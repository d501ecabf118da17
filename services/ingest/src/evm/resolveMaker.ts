import { addressFromWord } from "./decoders/abiWords.ts";
import { DexTopics } from "./decoders/dexEventAbis.ts";
import { COW_SETTLEMENT, ENTRY_POINTS } from "./EvmChainConfig.ts";

/** The receipt fields maker resolution reads. */
export type MakerReceipt = {
  from: string;
  to: string | null;
  logs: readonly { address: string; topics: readonly string[]; data: string; logIndex: number }[];
};

// CoW Protocol settlement: Trade(address indexed owner, address sellToken, address buyToken, uint256 sellAmount,
// uint256 buyAmount, uint256 feeAmount, bytes orderUid)
const COW_TRADE_TOPIC = "0xa07a543ab8a018198e99ca0184c93fe9050a79400a0a723441f84de1d972cc17";

/**
 * The trader behind a swap, by these rules, first match wins:
 * 1. ERC-4337: the transaction carries UserOperationEvent logs of a known EntryPoint → the
 *    smart account (`sender`) of the user operation that ran the swap: the first
 *    UserOperationEvent after the swap log (the EntryPoint emits it once the operation ran).
 * 2. CoW Protocol: the transaction goes to the settlement contract → the `owner` of the
 *    settled order trading the swap's token (its sell or buy token); when a single order
 *    settled, its owner.
 * 3. Known relayers/solvers (configuration): the transaction is sent by or to one → the
 *    swap's recipient, unless the recipient is itself a pool, a relayer or the transaction's
 *    target (a router keeping the output).
 * 4. Otherwise the transaction sender.
 */
export function resolveMaker(input: {
  receipt: MakerReceipt;
  swapLogIndex: number;
  recipient: string | null;
  token: string;
  relayers: ReadonlySet<string>;
  isPool: (address: string) => boolean;
}): string {
  const { receipt, swapLogIndex, recipient } = input;
  const from = receipt.from.toLowerCase();
  const to = receipt.to?.toLowerCase() ?? null;

  const userOp = receipt.logs.find(
    (l) =>
      l.topics[0] === DexTopics.userOperationEvent &&
      l.logIndex > swapLogIndex &&
      ENTRY_POINTS.includes(l.address.toLowerCase()),
  );
  if (userOp?.topics[2]) return addressFromWord(userOp.topics[2]);

  if (to === COW_SETTLEMENT) {
    const trades = receipt.logs.filter(
      (l) => l.address.toLowerCase() === COW_SETTLEMENT && l.topics[0] === COW_TRADE_TOPIC,
    );
    const token = input.token.slice(2).toLowerCase();
    const match =
      trades.find(
        (l) =>
          l.data.slice(2 + 24, 66).toLowerCase() === token ||
          l.data.slice(66 + 24, 130).toLowerCase() === token,
      ) ?? (trades.length === 1 ? trades[0] : undefined);
    if (match?.topics[1]) return addressFromWord(match.topics[1]);
  }

  if ((input.relayers.has(from) || (to !== null && input.relayers.has(to))) && recipient) {
    const r = recipient.toLowerCase();
    if (!input.isPool(r) && !input.relayers.has(r) && r !== to) return r;
  }
  return from;
}
