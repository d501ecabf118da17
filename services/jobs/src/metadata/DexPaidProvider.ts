import type { ChainId } from "@tapeline/core";

/** Whether a token's listing was paid for, as a provider knows it. */
export type DexPaidAnswer = { dexPaid: boolean; dexPaidAt: number | null };

/**
 * Where `dexPaid`/`dexPaidAt` come from. No implementation ships: a deployment that has a
 * source (a listing service's API, its own records) implements `lookup` and passes it to the
 * jobs (`JobDeps.dexPaid`). Without one, both figures stay null (unknown), never a default false.
 */
export interface DexPaidProvider {
  /** The provider's answer for a token; null when it does not know the token. */
  lookup(chain: ChainId, token: string): Promise<DexPaidAnswer | null>;
}
