import { type ChainId, isEvm } from "./chainId.ts";
import { InvalidParamError } from "./errors.ts";

export const EVM_NATIVE = "0x0000000000000000000000000000000000000000";
const EVM_NATIVE_ALIAS = "0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee";
export const SOLANA_NATIVE_MINT = "So11111111111111111111111111111111111111112";
/**
 * The token address under which the balance log keeps a Solana wallet's own lamports (not a mint,
 * so it never collides with a token, wrapped SOL included).
 */
export const SOLANA_LAMPORTS_TOKEN = "lamports";

const EVM_ADDRESS_RE = /^0x[0-9a-fA-F]{40}$/;
const EVM_POOL_ID_RE = /^0x[0-9a-fA-F]{64}$/;
const BASE58_RE = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/;
const BASE58_ALPHABET = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";

/** Decodes base58 to bytes; returns null on a character outside the alphabet. */
export function decodeBase58(value: string): Uint8Array | null {
  let n = 0n;
  for (const ch of value) {
    const digit = BASE58_ALPHABET.indexOf(ch);
    if (digit < 0) return null;
    n = n * 58n + BigInt(digit);
  }
  const bytes: number[] = [];
  while (n > 0n) {
    bytes.push(Number(n & 0xffn));
    n >>= 8n;
  }
  for (const ch of value) {
    if (ch !== "1") break;
    bytes.push(0);
  }
  return Uint8Array.from(bytes.reverse());
}

/** True when `value` is a base58 string of exactly 32 bytes (a Solana public key). */
export function isSolanaAddress(value: string): boolean {
  if (!BASE58_RE.test(value)) return false;
  return decodeBase58(value)?.length === 32;
}

/**
 * Normalizes an EVM address: case-insensitive in, lowercase out.
 * @throws InvalidParamError naming `param`.
 */
export function parseEvmAddress(input: string, param = "address"): string {
  if (!EVM_ADDRESS_RE.test(input))
    throw new InvalidParamError(param, `${param} is not a 20-byte hex address`);
  return input.toLowerCase();
}

/**
 * Parses a token address on a chain. On EVM `0xeeee…eeee` becomes the zero address (the native coin).
 * On Solana it must be a base58 32-byte key.
 */
export function parseTokenAddress(chain: ChainId, input: unknown, param = "address"): string {
  if (typeof input !== "string" || input.length === 0)
    throw new InvalidParamError(param, `${param} is required`);
  if (isEvm(chain)) {
    const addr = parseEvmAddress(input, param);
    return addr === EVM_NATIVE_ALIAS ? EVM_NATIVE : addr;
  }
  if (!isSolanaAddress(input)) throw new InvalidParamError(param, `${param} is not a base58 32-byte address`);
  return input;
}

/**
 * Parses a pool (market) id. EVM takes a 20-byte address or a 32-byte pool id (Uniswap V4 PoolId);
 * Solana a base58 32-byte key.
 */
export function parsePoolAddress(chain: ChainId, input: unknown, param = "address"): string {
  if (typeof input !== "string" || input.length === 0)
    throw new InvalidParamError(param, `${param} is required`);
  if (isEvm(chain)) {
    if (EVM_ADDRESS_RE.test(input) || EVM_POOL_ID_RE.test(input)) return input.toLowerCase();
    throw new InvalidParamError(param, `${param} is not a pool address or 32-byte pool id`);
  }
  if (!isSolanaAddress(input)) throw new InvalidParamError(param, `${param} is not a base58 32-byte address`);
  return input;
}

/** Parses a wallet address (EVM lowercase, Solana base58). */
export function parseWalletAddress(chain: ChainId, input: unknown, param = "wallet"): string {
  if (typeof input !== "string" || input.length === 0)
    throw new InvalidParamError(param, `${param} is required`);
  return isEvm(chain) ? parseEvmAddress(input, param) : parseTokenAddress(chain, input, param);
}

/** The native coin's address on a chain, as served. */
export function nativeAddress(chain: ChainId): string {
  return isEvm(chain) ? EVM_NATIVE : SOLANA_NATIVE_MINT;
}
