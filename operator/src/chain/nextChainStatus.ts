import type { JobState } from "@tapeline/core";
import type { Chain, ChainStatus } from "../generated/crdTypes.ts";
import { setCondition } from "../kube/setCondition.ts";
import type { Condition } from "../kube/types.ts";
import type { WorkerReadiness } from "./parseWorkerReadiness.ts";

/** What one reconcile pass observed about a Chain. */
export type ChainObservation = {
  /** Whether the database migrations Job has completed; workloads wait for it. */
  migrated: boolean;
  /** Available replicas of the ingest Deployment (0 when it does not exist yet). */
  availableReplicas: number;
  /** The worker's /readyz figures, or the reason they could not be read (null: not asked). */
  readiness: WorkerReadiness | { error: string } | null;
  /** The backfill enqueued for the current policy and its queue state, or null when the policy asks for none. */
  backfill: { jobId: string; startBlock: number; blocksPerJob: number; state: JobState } | null;
};

const ACTIVE: readonly JobState[] = ["waiting", "active", "delayed"];

/**
 * The status a Chain should have after a pass: conditions Ready, Ingesting, Backfilling and Degraded,
 * the worker's head / indexed block / lag, and the backfill last enqueued. Pure; transition times move
 * only when a condition's status changes, so an unchanged world yields an equal status (no write).
 * @param now RFC 3339 time for conditions that change.
 */
export function nextChainStatus(chain: Chain, seen: ChainObservation, now: string): ChainStatus {
  const generation = chain.metadata.generation ?? 0;
  const prev = chain.status ?? {};
  let conditions = (prev.conditions ?? []) as Condition[];
  const set = (type: string, ok: boolean, reason: string, message: string) => {
    conditions = setCondition(
      conditions,
      { type, status: ok ? "True" : "False", observedGeneration: generation, reason, message },
      now,
    );
  };

  const readiness = seen.readiness && !("error" in seen.readiness) ? seen.readiness : null;
  const readinessError = seen.readiness && "error" in seen.readiness ? seen.readiness.error : null;

  if (!seen.migrated) set("Ingesting", false, "MigrationsPending", "waiting for the database migrations Job");
  else if (seen.availableReplicas < 1)
    set("Ingesting", false, "DeploymentUnavailable", "the ingest pod is not available");
  else if (readinessError) set("Ingesting", false, "WorkerUnreachable", readinessError);
  else if (readiness?.problem) set("Ingesting", false, "WorkerNotReady", readiness.problem);
  else if (readiness?.indexedBlock == null)
    set("Ingesting", false, "NotIndexedYet", "the worker has not indexed a block yet");
  else
    set(
      "Ingesting",
      true,
      "WorkerReady",
      `indexed block ${readiness.indexedBlock}, lag ${readiness.lag ?? "unknown"}`,
    );

  const b = seen.backfill;
  if (!b) set("Backfilling", false, "NoBackfill", "the backfill policy asks for none");
  else if (ACTIVE.includes(b.state))
    set("Backfilling", true, "BackfillQueued", `job ${b.jobId} is ${b.state}`);
  else if (b.state === "failed") set("Backfilling", false, "BackfillFailed", `job ${b.jobId} failed`);
  else if (b.state === "completed")
    set("Backfilling", false, "BackfillCompleted", `job ${b.jobId} completed`);
  else set("Backfilling", false, "BackfillUnknown", `job ${b.jobId} is not in the queue`);

  const problems: string[] = [];
  if (seen.migrated && seen.availableReplicas >= 1 && readinessError)
    problems.push("worker /readyz unreachable");
  if (seen.migrated && seen.availableReplicas >= 1 && readiness?.problem)
    problems.push(`worker not ready: ${readiness.problem}`);
  if (b?.state === "failed") problems.push(`backfill job ${b.jobId} failed`);
  if (problems.length > 0)
    set("Degraded", true, readiness?.problem ? "WorkerNotReady" : "ProblemsFound", problems.join("; "));
  else set("Degraded", false, "AsExpected", "no problem found");

  const ingesting = conditions.find((c) => c.type === "Ingesting")?.status === "True";
  if (ingesting && problems.length === 0) set("Ready", true, "Ingesting", "the chain is being indexed");
  else
    set(
      "Ready",
      false,
      problems.length > 0 ? "Degraded" : "NotIngesting",
      "see the Ingesting and Degraded conditions",
    );

  const order = ["Ready", "Ingesting", "Backfilling", "Degraded"];
  conditions.sort((a, b) => order.indexOf(a.type) - order.indexOf(b.type));

  return {
    observedGeneration: generation,
    ...(readiness?.head != null ? { head: readiness.head } : {}),
    ...(readiness?.indexedBlock != null ? { indexedBlock: readiness.indexedBlock } : {}),
    ...(readiness?.lag != null ? { lag: readiness.lag } : {}),
    ...(b
      ? {
          backfill: {
            startBlock: b.startBlock,
            mode: "FromStartBlock",
            blocksPerJob: b.blocksPerJob,
            jobId: b.jobId,
            state: b.state,
          },
        }
      : {}),
    conditions,
  };
}
