import { describe, expect, it } from "vitest";
import { sampleChain } from "../testFixtures.ts";
import { type ChainObservation, nextChainStatus } from "./nextChainStatus.ts";

const T0 = "2026-01-01T00:00:00.000Z";
const T1 = "2026-01-01T00:05:00.000Z";
const byType = (s: ReturnType<typeof nextChainStatus>) =>
  Object.fromEntries((s.conditions ?? []).map((c) => [c.type, [c.status, c.reason]]));
const healthy: ChainObservation = {
  migrated: true,
  availableReplicas: 1,
  readiness: { head: 20_000_510, indexedBlock: 20_000_500, lag: 10, problem: null },
  backfill: { jobId: "backfill-x", startBlock: 20_000_000, blocksPerJob: 2000, state: "active" },
};

describe("nextChainStatus", () => {
  it("reports a healthy, backfilling chain with its head, indexed block and lag", () => {
    const s = nextChainStatus(sampleChain(), healthy, T0);
    expect(s.observedGeneration).toBe(3);
    expect([s.head, s.indexedBlock, s.lag]).toEqual([20_000_510, 20_000_500, 10]);
    expect(s.backfill).toEqual({
      startBlock: 20_000_000,
      mode: "FromStartBlock",
      blocksPerJob: 2000,
      jobId: "backfill-x",
      state: "active",
    });
    expect(byType(s)).toEqual({
      Ready: ["True", "Ingesting"],
      Ingesting: ["True", "WorkerReady"],
      Backfilling: ["True", "BackfillQueued"],
      Degraded: ["False", "AsExpected"],
    });
    expect(s.conditions?.map((c) => c.type)).toEqual(["Ready", "Ingesting", "Backfilling", "Degraded"]);
  });

  it("waits for migrations and then for the pod", () => {
    const waiting = nextChainStatus(
      sampleChain(),
      { ...healthy, migrated: false, readiness: null, backfill: null },
      T0,
    );
    expect(byType(waiting).Ingesting).toEqual(["False", "MigrationsPending"]);
    expect(byType(waiting).Ready).toEqual(["False", "NotIngesting"]);
    expect(waiting.head).toBeUndefined();
    const noPod = nextChainStatus(sampleChain(), { ...healthy, availableReplicas: 0, readiness: null }, T0);
    expect(byType(noPod).Ingesting).toEqual(["False", "DeploymentUnavailable"]);
  });

  it("is Degraded when the worker cannot be read or a backfill failed, and unknown figures are left out", () => {
    const s = nextChainStatus(
      sampleChain(),
      {
        ...healthy,
        readiness: { error: "GET http://x/readyz failed: ECONNREFUSED" },
        backfill: { ...healthy.backfill!, state: "failed" },
      },
      T0,
    );
    expect(byType(s)).toEqual({
      Ready: ["False", "Degraded"],
      Ingesting: ["False", "WorkerUnreachable"],
      Backfilling: ["False", "BackfillFailed"],
      Degraded: ["True", "ProblemsFound"],
    });
    expect(s.conditions?.find((c) => c.type === "Degraded")?.message).toBe(
      "worker /readyz unreachable; backfill job backfill-x failed",
    );
    expect("head" in s).toBe(false);
  });

  it("is Degraded with the worker's reason while its steps keep failing or its head is stale, and recovers", () => {
    const problem =
      "the last 5 steps failed: fetch failed; no new head written for 41000 ms (stale after 30000 ms)";
    const chain = sampleChain();
    const s = nextChainStatus(
      chain,
      { ...healthy, readiness: { ...healthy.readiness!, problem } } as ChainObservation,
      T0,
    );
    expect(byType(s)).toMatchObject({
      Ready: ["False", "Degraded"],
      Ingesting: ["False", "WorkerNotReady"],
      Degraded: ["True", "WorkerNotReady"],
    });
    expect(s.conditions?.find((c) => c.type === "Degraded")?.message).toBe(`worker not ready: ${problem}`);
    chain.status = s;
    const back = nextChainStatus(chain, healthy, T1);
    expect(byType(back)).toMatchObject({ Ready: ["True", "Ingesting"], Degraded: ["False", "AsExpected"] });
  });

  it("keeps transition times when nothing changed, so the same world yields an equal status", () => {
    const chain = sampleChain();
    chain.status = nextChainStatus(chain, healthy, T0);
    const again = nextChainStatus(chain, healthy, T1);
    expect(again).toEqual(chain.status);
    const done = nextChainStatus(
      chain,
      { ...healthy, backfill: { ...healthy.backfill!, state: "completed" } },
      T1,
    );
    const backfilling = done.conditions?.find((c) => c.type === "Backfilling");
    expect(backfilling).toMatchObject({
      status: "False",
      reason: "BackfillCompleted",
      lastTransitionTime: T1,
    });
    expect(done.conditions?.find((c) => c.type === "Ready")?.lastTransitionTime).toBe(T0);
  });

  it("says so when the policy asks for no backfill", () => {
    const s = nextChainStatus(
      sampleChain({ backfill: { mode: "None" } }),
      { ...healthy, backfill: null },
      T0,
    );
    expect(byType(s).Backfilling).toEqual(["False", "NoBackfill"]);
    expect(s.backfill).toBeUndefined();
  });
});
