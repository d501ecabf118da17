import type { ChainReadiness, DependencyStatus } from "@tapeline/core";

/**
 * What `/readyz` answers: whether the process serves, each chain's ingest progress and
 * freshness, and (on a router) each dependency's state.
 */
export type ReadinessReport = {
  serving: boolean;
  chains: ChainReadiness[];
  dependencies?: DependencyStatus[];
  reason?: string;
};

/** Computes the readiness report on each `/readyz` call. */
export type ReadinessCheck = () => Promise<ReadinessReport>;
