import type { ChainReadiness } from "@tapeline/core";

/** What `/readyz` answers: whether the process serves, and each chain's ingest progress. */
export type ReadinessReport = { serving: boolean; chains: ChainReadiness[]; reason?: string };

/** Computes the readiness report on each `/readyz` call. */
export type ReadinessCheck = () => Promise<ReadinessReport>;
