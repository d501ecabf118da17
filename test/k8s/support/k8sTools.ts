import { existsSync, readFileSync } from "node:fs";
import { homedir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** The repository root. */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

/** The versions pinned in scripts/k8s-tools/versions.env. */
export function toolVersions(): Record<"KUBERNETES_VERSION" | "ETCD_VERSION" | "HELM_VERSION", string> {
  const text = readFileSync(path.join(ROOT, "scripts/k8s-tools/versions.env"), "utf8");
  const entries = text
    .split("\n")
    .map((l) => /^([A-Z_]+)=(\S+)$/.exec(l.trim()))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => [m[1], m[2]]);
  return Object.fromEntries(entries);
}

/** Paths of the tool binaries, where scripts/k8s-tools/ensure.sh builds them. */
export type K8sTools = {
  etcd: string;
  kubeApiserver: string;
  kubeControllerManager: string;
  kubectl: string;
  helm: string;
};

/** The tool paths for this machine (whether or not they exist). */
export function toolPaths(env: Record<string, string | undefined> = process.env): K8sTools {
  const v = toolVersions();
  const cache =
    env.TAPELINE_K8S_CACHE ?? path.join(env.XDG_CACHE_HOME ?? path.join(homedir(), ".cache"), "tapeline-k8s");
  const k8s = path.join(cache, `kubernetes-${v.KUBERNETES_VERSION}`, "bin");
  return {
    etcd: path.join(cache, `etcd-${v.ETCD_VERSION}`, "bin", "etcd"),
    kubeApiserver: path.join(k8s, "kube-apiserver"),
    kubeControllerManager: path.join(k8s, "kube-controller-manager"),
    kubectl: path.join(k8s, "kubectl"),
    helm: path.join(cache, `helm-${v.HELM_VERSION}`, "bin", "helm"),
  };
}

/**
 * The tools, or why tests needing them are skipped: they are built once per machine by
 * `scripts/k8s-tools/ensure.sh` (CI runs it first), never downloaded by a test.
 */
export function findK8sTools(): { tools: K8sTools; skip: null } | { tools: null; skip: string } {
  const tools = toolPaths();
  const missing = Object.values(tools).filter((p) => !existsSync(p));
  if (missing.length === 0) return { tools, skip: null };
  return {
    tools: null,
    skip: `skipped: Kubernetes test tools missing (${missing.map((p) => path.basename(p)).join(", ")}); build them with scripts/k8s-tools/ensure.sh`,
  };
}
