import { describe, expect, it } from "vitest";
import { expectedWorkloadPodSpec, testSettings } from "../testFixtures.ts";
import { workloadPodSpec } from "./workloadPodSpec.ts";

describe("workloadPodSpec", () => {
  const env = [{ name: "SHARD_NAME", value: "shard-0" }];

  it("appends the shared settings to the workload's variables and sets no resources when none are given", () => {
    const spec = workloadPodSpec(testSettings, { name: "query", image: "img:1", env, resources: undefined });
    expect(spec).toEqual(expectedWorkloadPodSpec({ name: "query", image: "img:1", env }));
    expect(spec.serviceAccountName).toBeUndefined();
  });

  it("keeps only the resource sections given and runs under the configured service account", () => {
    const spec = workloadPodSpec(
      { ...testSettings, serviceAccountName: "tapeline" },
      { name: "ingest", image: "img:2", env, resources: { limits: { memory: "1Gi" } } },
    );
    expect(spec).toEqual({
      serviceAccountName: "tapeline",
      ...expectedWorkloadPodSpec({
        name: "ingest",
        image: "img:2",
        env,
        resources: { limits: { memory: "1Gi" } },
      }),
    });
  });
});
