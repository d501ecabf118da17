import { decodeAbiParameters, type Hex, parseAbiItem, toEventSelector } from "viem";
import { addressFromWord, wordAt } from "./abiWords.ts";
import type { DexEvent, RawLog, VenueDecoder } from "./DexEvent.ts";

/** Venue type of the Tapeline launchpad's bonding curves (`devnet/contracts/TapelineLaunchpad.sol`). */
export const TAPELINE_LAUNCHPAD_VENUE = "TAPELINE_LAUNCHPAD";

/** The native coin: every Tapeline curve is the launched token (token0) against it (token1). */
const NATIVE = "0x0000000000000000000000000000000000000000";
/** Longest metadata URI kept (Metaplex allows 200 bytes; a longer one is no usable URI). */
const MAX_URI_LENGTH = 2048;

export const LaunchCurveTopics = {
  curveCreated: toEventSelector(
    parseAbiItem(
      "event CurveCreated(address indexed curve, address indexed token, address indexed creator, string uri)",
    ),
  ),
  curveSync: toEventSelector(
    parseAbiItem("event CurveSync(uint256 virtualToken, uint256 virtualEth, uint256 sold)"),
  ),
  trade: toEventSelector(
    parseAbiItem("event Trade(address indexed trader, bool isBuy, uint256 tokenAmount, uint256 ethAmount)"),
  ),
  graduated: toEventSelector(
    parseAbiItem("event Graduated(address indexed pair, uint256 tokenAmount, uint256 ethAmount)"),
  ),
} as const;

/**
 * Decodes a log of the Tapeline launchpad: the launchpad's CurveCreated (a pool created by the
 * launchpad as factory, with its creator and the token's metadata URI), and a curve's CurveSync (virtual reserves and tokens
 * sold), Trade (a swap: amounts as the curve's balance changes, token in token0, coins in
 * token1) and Graduated (the migration into a Uniswap V2 pair).
 * @returns the event, or null when the log is none of these or is malformed.
 */
export function decodeLaunchCurveLog(log: RawLog): DexEvent | null {
  const t0 = log.topics[0];
  const at = {
    block: log.blockNumber,
    blockHash: log.blockHash,
    txHash: log.transactionHash,
    logIndex: log.logIndex,
    venueType: TAPELINE_LAUNCHPAD_VENUE,
  };
  const pool = log.address.toLowerCase();
  try {
    if (t0 === LaunchCurveTopics.curveCreated && log.topics.length === 4) {
      return {
        ...at,
        kind: "poolCreated",
        factory: pool,
        pool: addressFromWord(log.topics[1]!),
        token0: addressFromWord(log.topics[2]!),
        token1: NATIVE,
        fee: null,
        tickSpacing: null,
        hooks: null,
        stable: null,
        sqrtPriceX96: null,
        tick: null,
        creator: addressFromWord(log.topics[3]!),
        uri: launchUri(log.data),
      };
    }
    if (t0 === LaunchCurveTopics.curveSync && log.topics.length === 1) {
      return {
        ...at,
        kind: "curve",
        pool,
        reserve0: wordAt(log.data, 0),
        reserve1: wordAt(log.data, 1),
        sold: wordAt(log.data, 2),
      };
    }
    if (t0 === LaunchCurveTopics.trade && log.topics.length === 2) {
      const trader = addressFromWord(log.topics[1]!);
      const isBuy = wordAt(log.data, 0) === 1n;
      const tokens = wordAt(log.data, 1);
      const coins = wordAt(log.data, 2);
      return {
        ...at,
        kind: "swap",
        pool,
        sender: trader,
        recipient: trader,
        amount0: isBuy ? -tokens : tokens,
        amount1: isBuy ? coins : -coins,
        sqrtPriceX96: null,
        liquidity: null,
        tick: null,
        fee: null,
      };
    }
    if (t0 === LaunchCurveTopics.graduated && log.topics.length === 2) {
      return { ...at, kind: "graduate", pool, migratedTo: addressFromWord(log.topics[1]!) };
    }
  } catch {
    return null;
  }
  return null;
}

/**
 * The metadata URI a CurveCreated log carries (its one ABI string), trimmed; null when empty,
 * longer than MAX_URI_LENGTH or holding control characters (the creator chooses it freely, and
 * the metadata job checks what it fetches), or when the data is malformed: the curve is kept.
 */
function launchUri(data: string): string | null {
  let uri: string;
  try {
    uri = decodeAbiParameters([{ type: "string" }], data as Hex)[0].trim();
  } catch {
    return null;
  }
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is rejected
  if (uri.length === 0 || uri.length > MAX_URI_LENGTH || /[\u0000-\u001f\u007f]/.test(uri)) return null;
  return uri;
}

/** The TAPELINE_LAUNCHPAD decoder entry of the venue registry. */
export const launchCurveDecoder: VenueDecoder = {
  venueType: TAPELINE_LAUNCHPAD_VENUE,
  topics: Object.values(LaunchCurveTopics),
  decode: decodeLaunchCurveLog,
};
