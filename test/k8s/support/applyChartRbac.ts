import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { loadAll } from "js-yaml";
import { ROOT } from "./k8sTools.ts";
import type { TestCluster } from "./startTestCluster.ts";

/**
 * Renders the chart (release `tapeline`) and applies its operator ServiceAccount, Role and RoleBinding to
 * `namespace`, so the operator can run with exactly the chart's permissions (`cluster.kcAs("operator")`).
 */
export async function applyChartRbac(cluster: TestCluster, helm: string, namespace: string): Promise<void> {
  const { stdout } = await promisify(execFile)(
    helm,
    ["template", "tapeline", path.join(ROOT, "charts/tapeline"), "--namespace", namespace],
    { maxBuffer: 16 << 20 },
  );
  const rbac = (loadAll(stdout) as { kind: string; metadata: Record<string, unknown> }[])
    .filter((d) => ["ServiceAccount", "Role", "RoleBinding"].includes(d?.kind))
    .map((d) => JSON.stringify({ ...d, metadata: { ...d.metadata, namespace } }));
  await cluster.applyYaml(rbac.join("\n---\n"));
}
