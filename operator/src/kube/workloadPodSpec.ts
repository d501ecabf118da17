import type { WorkloadSettings } from "../config.ts";
import {
  CONTAINER_SECURITY_CONTEXT,
  containerResources,
  httpProbes,
  podDefaults,
  sharedEnv,
} from "./podDefaults.ts";

/** What sets one long-running workload's container apart from another's. */
export type WorkloadContainer = {
  name: string;
  image: string;
  /** the workload's own variables; the shared connection settings are appended */
  env: Record<string, unknown>[];
  resources: { requests?: object; limits?: object } | undefined;
  /** ConfigMaps mounted read-only (optional: the pod starts before the operator writes one) */
  configMaps?: { volume: string; configMap: string; mountPath: string }[];
};

/**
 * The pod spec of a long-running workload (ingest worker, query shard): one hardened container
 * serving HTTP on the `http` port with liveness and readiness probes, a writable /tmp and the
 * shared database and Redis settings.
 */
export function workloadPodSpec(
  settings: WorkloadSettings,
  container: WorkloadContainer,
): Record<string, unknown> {
  return {
    ...podDefaults(settings),
    containers: [
      {
        name: container.name,
        image: container.image,
        imagePullPolicy: settings.imagePullPolicy,
        ports: [{ name: "http", containerPort: settings.port, protocol: "TCP" }],
        env: [...container.env, ...sharedEnv(settings)],
        ...httpProbes(),
        ...containerResources(container.resources),
        securityContext: CONTAINER_SECURITY_CONTEXT,
        volumeMounts: [
          { name: "tmp", mountPath: "/tmp" },
          ...(container.configMaps ?? []).map((c) => ({
            name: c.volume,
            mountPath: c.mountPath,
            readOnly: true,
          })),
        ],
      },
    ],
    volumes: [
      { name: "tmp", emptyDir: {} },
      ...(container.configMaps ?? []).map((c) => ({
        name: c.volume,
        configMap: { name: c.configMap, optional: true },
      })),
    ],
  };
}
