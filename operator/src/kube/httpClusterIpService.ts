import type { V1ObjectMeta } from "@kubernetes/client-node";
import type { WorkloadSettings } from "../config.ts";
import type { KubeObject } from "./types.ts";

/** A ClusterIP Service exposing the `http` container port of the pods `selector` matches. */
export function httpClusterIpService(
  metadata: V1ObjectMeta,
  selector: Record<string, string>,
  settings: WorkloadSettings,
): KubeObject {
  return {
    apiVersion: "v1",
    kind: "Service",
    metadata,
    spec: {
      type: "ClusterIP",
      selector,
      ports: [{ name: "http", port: settings.port, targetPort: "http", protocol: "TCP" }],
    },
  };
}
