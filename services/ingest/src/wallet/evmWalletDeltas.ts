import { addressFromWord } from "../evm/decoders/abiWords.ts";

/** A log as a receipt carries it (the fields read here). */
export type ReceiptLog = { address: string; topics: readonly string[]; data: string };

/** Transfer(address indexed from, address indexed to, uint256 value) */
const TRANSFER = "0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef";
/** WETH9 Deposit(address indexed dst, uint256 wad) */
const DEPOSIT = "0xe1fffcc4923d04b559f4d29a8bfc6cda04eb5b0d3c460751c2402c5c5cc9109c";
/** WETH9 Withdrawal(address indexed src, uint256 wad) */
const WITHDRAWAL = "0x7fcf532c15f0a6db0bd6d0e038bea71d30d808c7d98cb3bf7268a95bf5081b65";

/** The key native and wrapped native share in a wallet's deltas. */
export const NATIVE_KEY = "native";

/** An ERC-20 transfer between two distinct parties (32-byte topic words, lowercased). */
type Transfer = { token: string; from: string; to: string; data: string };
/** A wrapped-native `Deposit` or `Withdrawal` with its account. */
type Wrap = { deposit: boolean; account: string; data: string };

/**
 * A receipt's logs as {@link evmWalletDeltas} reads them, lowercased and filtered once per
 * transaction so each maker of the transaction only walks the transfers and wraps.
 */
export type ReceiptFlows = { transfers: Transfer[]; wraps: Wrap[] };

/** The transfers (token keyed as in the deltas) and wraps of one receipt. */
export function receiptFlows(logs: readonly ReceiptLog[], wrappedNative: string): ReceiptFlows {
  const transfers: Transfer[] = [];
  const wraps: Wrap[] = [];
  for (const log of logs) {
    const t0 = log.topics[0];
    if (t0 === TRANSFER && log.topics.length === 3 && log.data.length >= 66) {
      const from = log.topics[1]!.toLowerCase();
      const to = log.topics[2]!.toLowerCase();
      if (from === to) continue;
      const token = log.address.toLowerCase();
      transfers.push({ token: token === wrappedNative ? NATIVE_KEY : token, from, to, data: log.data });
    } else if ((t0 === DEPOSIT || t0 === WITHDRAWAL) && log.topics.length === 2) {
      if (log.address.toLowerCase() !== wrappedNative) continue;
      wraps.push({ deposit: t0 === DEPOSIT, account: addressFromWord(log.topics[1]!), data: log.data });
    }
  }
  return { transfers, wraps };
}

/**
 * A wallet's net flows of the given assets over one transaction, from its receipt's
 * {@link receiptFlows}, as an array parallel to `assets` (token addresses, wrapped native under
 * {@link NATIVE_KEY}); only the route's end assets are ever asked for, so no map is built:
 * - ERC-20 `Transfer` logs from and to the wallet: exact, fee-on-transfer tokens included (the
 *   wallet's own transfers are what its balance moved by). ERC-721 transfers (4 topics) are skipped.
 * - With `unwraps` (the transaction swaps for this wallet alone): wrapped-native `Deposit` by
 *   another address is native the wallet paid into the route (a router wrapping the wallet's
 *   coins, so refunded change is not counted), and `Withdrawal` by another address is native the
 *   route paid out to the wallet (a router unwrapping for it). The wallet's own wraps and unwraps
 *   leave its native-plus-wrapped total unchanged and are skipped.
 * Native moved by plain calls (no log) is not here: the caller adds the native legs of pools
 * that trade the coin itself (V4).
 */
export function evmWalletDeltas(
  flows: ReceiptFlows,
  wallet: string,
  unwraps: boolean,
  assets: readonly string[],
): bigint[] {
  const out = assets.map(() => 0n);
  const self = `0x${"0".repeat(24)}${wallet.slice(2)}`;
  for (const t of flows.transfers) {
    const from = t.from === self;
    if (!from && t.to !== self) continue;
    const i = assets.indexOf(t.token);
    // the amount is parsed only for the wallet's own transfers of an end asset
    if (i !== -1) out[i]! += from ? -BigInt(t.data.slice(0, 66)) : BigInt(t.data.slice(0, 66));
  }
  const native = unwraps ? assets.indexOf(NATIVE_KEY) : -1;
  if (native !== -1) {
    for (const w of flows.wraps) {
      if (w.account === wallet) continue;
      const value = BigInt(w.data.slice(0, 66));
      out[native]! += w.deposit ? -value : value;
    }
  }
  return out;
}
