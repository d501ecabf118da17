import type { TestCluster } from "./startTestCluster.ts";

/**
 * The test cluster runs no kubelet, deployment or job controller: these stand in for them by writing
 * the status those controllers would write once pods run.
 */
export async function markDeploymentAvailable(
  cluster: TestCluster,
  namespace: string,
  name: string,
): Promise<void> {
  const dep = JSON.parse(await cluster.kubectl(["-n", namespace, "get", "deployment", name, "-o", "json"]));
  const replicas = dep.spec.replicas as number;
  const status = {
    observedGeneration: dep.metadata.generation,
    replicas,
    updatedReplicas: replicas,
    readyReplicas: replicas,
    availableReplicas: replicas,
    conditions: [
      {
        type: "Available",
        status: "True",
        reason: "MinimumReplicasAvailable",
        message: "test",
        lastUpdateTime: new Date().toISOString(),
        lastTransitionTime: new Date().toISOString(),
      },
    ],
  };
  await cluster.kubectl([
    "-n",
    namespace,
    "patch",
    "deployment",
    name,
    "--subresource=status",
    "--type=merge",
    "-p",
    JSON.stringify({ status }),
  ]);
}

/** Marks a Job as completed, as the job controller does when its pod succeeded. */
export async function markJobComplete(cluster: TestCluster, namespace: string, name: string): Promise<void> {
  const now = new Date().toISOString().replace(/\.\d+Z$/, "Z");
  const status = {
    startTime: now,
    completionTime: now,
    succeeded: 1,
    conditions: [
      {
        type: "SuccessCriteriaMet",
        status: "True",
        reason: "CompletionsReached",
        message: "test",
        lastProbeTime: now,
        lastTransitionTime: now,
      },
      {
        type: "Complete",
        status: "True",
        reason: "CompletionsReached",
        message: "test",
        lastProbeTime: now,
        lastTransitionTime: now,
      },
    ],
  };
  await cluster.kubectl([
    "-n",
    namespace,
    "patch",
    "job",
    name,
    "--subresource=status",
    "--type=merge",
    "-p",
    JSON.stringify({ status }),
  ]);
}
