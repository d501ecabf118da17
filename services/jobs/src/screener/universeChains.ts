import { type ChainId, evmChainNumber, isEvm, nativeAddress, SOLANA_NATIVE_MINT } from "@tapeline/core";
import { KNOWN_EVM_CHAINS, SOLANA_USD_STABLECOINS } from "@tapeline/ingest";
import type { UniverseChain } from "./createUniverseRefresher.ts";

/**
 * The universe settings of the chains named: on a known EVM chain its stablecoins and wrapped
 * native, on Solana the USD stablecoin mints and wrapped SOL, always the native coin, plus
 * `extraExcluded` (a chain's own stablecoins, e.g. a devnet's).
 */
export function universeChains(
  chains: ChainId[],
  extraExcluded: Partial<Record<ChainId, string[]>> = {},
): UniverseChain[] {
  return chains.map((chain) => {
    const known = isEvm(chain) ? KNOWN_EVM_CHAINS[evmChainNumber(chain)] : undefined;
    const own = isEvm(chain)
      ? [...(known?.stablecoins ?? []), ...(known ? [known.wrappedNative] : [])]
      : [...SOLANA_USD_STABLECOINS, SOLANA_NATIVE_MINT];
    return {
      chain,
      excludedTokens: [...new Set([nativeAddress(chain), ...own, ...(extraExcluded[chain] ?? [])])],
    };
  });
}
