import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT, toolPaths, toolVersions } from "./support/k8sTools.ts";

describe("k8s test tools pins", () => {
  it("versions.env agrees with the go.mod ensure.sh builds from", () => {
    const gomod = readFileSync(path.join(ROOT, "scripts/k8s-tools/go.mod"), "utf8");
    const v = toolVersions();
    expect(gomod).toMatch(
      new RegExp(`^\\s*k8s\\.io/kubernetes ${v.KUBERNETES_VERSION.replace(/\./g, "\\.")}\\b`, "m"),
    );
    expect(gomod).toMatch(
      new RegExp(`^\\s*go\\.etcd\\.io/etcd/server/v3 ${v.ETCD_VERSION.replace(/\./g, "\\.")}\\b`, "m"),
    );
    // Every staging module stands in at the matching published version (v1.x.y -> v0.x.y).
    const staging = `v0.${v.KUBERNETES_VERSION.slice(3)}`;
    const replaces = [...gomod.matchAll(/^\s*(k8s\.io\/[\w-]+) => \1 (v\S+)$/gm)];
    expect(replaces.length).toBeGreaterThan(20);
    expect(replaces.filter((m) => m[2] !== staging).map((m) => m[0])).toEqual([]);
  });

  it("keys the cache folders by version, outside the clone", () => {
    const paths = toolPaths({ HOME: "/home/ci", TAPELINE_K8S_CACHE: "/cache/tk" });
    const v = toolVersions();
    expect(paths).toEqual({
      etcd: `/cache/tk/etcd-${v.ETCD_VERSION}/bin/etcd`,
      kubeApiserver: `/cache/tk/kubernetes-${v.KUBERNETES_VERSION}/bin/kube-apiserver`,
      kubeControllerManager: `/cache/tk/kubernetes-${v.KUBERNETES_VERSION}/bin/kube-controller-manager`,
      kubectl: `/cache/tk/kubernetes-${v.KUBERNETES_VERSION}/bin/kubectl`,
      helm: `/cache/tk/helm-${v.HELM_VERSION}/bin/helm`,
    });
    expect(toolPaths({ XDG_CACHE_HOME: "/xdg" }).helm).toBe(
      `/xdg/tapeline-k8s/helm-${v.HELM_VERSION}/bin/helm`,
    );
  });
});
