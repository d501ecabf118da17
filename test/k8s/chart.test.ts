import { execFile } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { loadAll } from "js-yaml";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applyChartRbac } from "./support/applyChartRbac.ts";
import { findK8sTools, ROOT } from "./support/k8sTools.ts";
import { startTestCluster, type TestCluster } from "./support/startTestCluster.ts";

const run = promisify(execFile);
const CHART = path.join(ROOT, "charts/tapeline");
const scenarios = readdirSync(path.join(CHART, "ci"))
  .filter((f) => f.endsWith("-values.yaml"))
  .sort();
const found = findK8sTools();
if (found.skip) console.warn(`chart.test.ts: ${found.skip}`);
const NS = "tapeline";

type JsonSchema = { properties?: Record<string, JsonSchema> };

/** Keys of values.yaml with their dotted path and whether a comment line sits right above them. */
function valuesKeys(text: string): { path: string; commented: boolean }[] {
  const out: { path: string; commented: boolean }[] = [];
  const stack: { indent: number; key: string }[] = [];
  const lines = text.split("\n");
  lines.forEach((line, i) => {
    const m = /^(\s*)([A-Za-z][\w]*):/.exec(line);
    if (!m) return;
    const indent = (m[1] as string).length;
    while (stack.length > 0 && (stack.at(-1) as { indent: number }).indent >= indent) stack.pop();
    stack.push({ indent, key: m[2] as string });
    out.push({ path: stack.map((s) => s.key).join("."), commented: /^\s*#/.test(lines[i - 1] ?? "") });
  });
  return out;
}

function schemaPaths(schema: JsonSchema, prefix = ""): string[] {
  return Object.entries(schema.properties ?? {}).flatMap(([k, v]) => [
    `${prefix}${k}`,
    ...schemaPaths(v, `${prefix}${k}.`),
  ]);
}

describe("chart files", () => {
  it("ships CRDs identical to crds/ (the source of truth)", () => {
    const top = readdirSync(path.join(ROOT, "crds")).sort();
    expect(readdirSync(path.join(CHART, "crds")).sort()).toEqual(top);
    for (const f of top) {
      expect(readFileSync(path.join(CHART, "crds", f), "utf8"), f).toBe(
        readFileSync(path.join(ROOT, "crds", f), "utf8"),
      );
    }
  });

  it("documents every values.yaml key with a comment, and the schema knows every key", () => {
    const schema = JSON.parse(readFileSync(path.join(CHART, "values.schema.json"), "utf8")) as JsonSchema;
    const known = new Set(schemaPaths(schema));
    const keys = valuesKeys(readFileSync(path.join(CHART, "values.yaml"), "utf8"));
    // Keys inside free-form values (security contexts, a host entry) are documented by their parent.
    const described = keys.filter((k) => known.has(k.path));
    expect(described.length).toBeGreaterThan(60);
    expect(described.filter((k) => !k.commented).map((k) => k.path)).toEqual([]);
    const topLevel = keys.filter((k) => !k.path.includes(".")).map((k) => k.path);
    expect(topLevel.filter((k) => !known.has(k))).toEqual([]);
  });

  it("has ci scenarios", () => {
    expect(scenarios).toEqual(["default-values.yaml", "dev-values.yaml", "production-values.yaml"]);
  });
});

describe.skipIf(found.tools === null)(
  found.skip ?? "chart against helm and a real kube-apiserver",
  { timeout: 120_000 },
  () => {
    const helm = found.tools?.helm as string;
    let cluster: TestCluster;
    const template = async (values?: string) =>
      (
        await run(
          helm,
          [
            "template",
            "tapeline",
            CHART,
            "--namespace",
            NS,
            ...(values ? ["-f", path.join(CHART, "ci", values)] : []),
          ],
          {
            maxBuffer: 16 << 20,
          },
        )
      ).stdout;

    beforeAll(async () => {
      cluster = await startTestCluster(found.tools!);
      await cluster.kubectl(["create", "namespace", NS]);
      // Stand-in for the Prometheus Operator's CRD, so the ServiceMonitor scenario can be validated.
      await cluster.applyYaml(
        readFileSync(path.join(ROOT, "test/k8s/fixtures/servicemonitor-crd.yaml"), "utf8"),
      );
      await cluster.kubectl([
        "wait",
        "--for=condition=Established",
        "--timeout=60s",
        "crd/servicemonitors.monitoring.coreos.com",
      ]);
    });

    afterAll(async () => {
      await cluster?.stop();
    });

    it("passes helm lint with the default values and each ci scenario", async () => {
      for (const values of [undefined, ...scenarios]) {
        const args = ["lint", CHART, "--strict", ...(values ? ["-f", path.join(CHART, "ci", values)] : [])];
        const { stdout } = await run(helm, args);
        expect(stdout, values ?? "defaults").toContain("1 chart(s) linted, 0 chart(s) failed");
      }
    });

    it("rejects values the schema forbids", async () => {
      const err = await run(helm, ["template", "x", CHART, "--set", "shards.replicas=0"]).catch(
        (e: Error) => e,
      );
      expect(String(err)).toMatch(/shards.*replicas|minimum/i);
      const unknown = await run(helm, ["template", "x", CHART, "--set", "router.replica=3"]).catch(
        (e: Error) => e,
      );
      expect(String(unknown)).toMatch(/additional properties|replica/i);
    });

    for (const values of [undefined, ...scenarios]) {
      it(`renders ${values ?? "the default values"} into objects the API server accepts (server-side dry run)`, async () => {
        const rendered = await template(values);
        const docs = loadAll(rendered).filter(Boolean) as { kind: string; metadata: { name: string } }[];
        expect(docs.length).toBeGreaterThan(5);
        const out = await cluster.kubectl(
          ["apply", "--server-side", "--dry-run=server", "--namespace", NS, "-f", "-"],
          rendered,
        );
        for (const d of docs) expect(out).toContain(`${d.metadata.name} serverside-applied (server dry run)`);
      });
    }

    it("the rendered workloads all carry probes and a termination grace period", async () => {
      const docs = loadAll(await template("production-values.yaml")) as {
        kind: string;
        metadata: { name: string };
        spec: {
          template: {
            spec: { terminationGracePeriodSeconds?: number; containers: Record<string, unknown>[] };
          };
        };
      }[];
      const deployments = docs.filter((d) => d?.kind === "Deployment");
      expect(deployments.map((d) => d.metadata.name).sort()).toEqual([
        "tapeline-jobs",
        "tapeline-operator",
        "tapeline-router",
      ]);
      for (const d of deployments) {
        expect(d.spec.template.spec.terminationGracePeriodSeconds, d.metadata.name).toBeGreaterThan(0);
        for (const c of d.spec.template.spec.containers) {
          expect(c.livenessProbe, d.metadata.name).toMatchObject({ httpGet: { path: "/healthz" } });
          expect(c.readinessProbe, d.metadata.name).toMatchObject({ httpGet: { path: "/readyz" } });
        }
      }
    });

    it("gives the operator least privilege: what the reconcilers need and nothing else", async () => {
      await applyChartRbac(cluster, helm, NS);
      const can = async (verb: string, target: string, ns = NS) => {
        // "chains.tapeline.dev#status" names a subresource; "leases.coordination.k8s.io/x" a resource name.
        const [resource, sub] = target.split("#") as [string, string | undefined];
        const res = await cluster
          .kubectl([
            "auth",
            "can-i",
            verb,
            resource,
            ...(sub ? [`--subresource=${sub}`] : []),
            "-n",
            ns,
            `--as=system:serviceaccount:${NS}:tapeline-operator`,
          ])
          .catch((e: Error) => e.message);
        return res.trim().endsWith("yes");
      };
      for (const [verb, resource] of [
        ["watch", "chains.tapeline.dev"],
        ["update", "chains.tapeline.dev#status"],
        ["update", "shardsets.tapeline.dev#status"],
        ["patch", "deployments.apps"],
        ["create", "deployments.apps"],
        ["delete", "services"],
        ["patch", "configmaps"],
        ["create", "jobs.batch"],
        ["create", "leases.coordination.k8s.io"],
      ]) {
        expect(await can(verb as string, resource as string), `${verb} ${resource}`).toBe(true);
      }
      for (const [verb, resource, ns] of [
        ["get", "secrets", NS],
        ["list", "pods", NS],
        ["delete", "chains.tapeline.dev", NS],
        ["update", "chains.tapeline.dev", NS],
        ["delete", "configmaps", NS],
        ["create", "roles.rbac.authorization.k8s.io", NS],
        ["patch", "deployments.apps", "default"],
        ["update", "leases.coordination.k8s.io/someone-else", NS],
      ]) {
        expect(
          await can(verb as string, resource as string, ns as string),
          `${verb} ${resource} in ${ns}`,
        ).toBe(false);
      }
    });
  },
);
