import { load } from "js-yaml";

/** The part of an OpenAPI v3 schema that CRDs use. */
export type JsonSchema = {
  type?: string;
  description?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  additionalProperties?: JsonSchema | boolean;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  "x-kubernetes-int-or-string"?: boolean;
  "x-kubernetes-preserve-unknown-fields"?: boolean;
};

type Crd = {
  kind: string;
  spec: {
    group: string;
    names: { kind: string; plural: string };
    versions: { name: string; storage: boolean; schema: { openAPIV3Schema: JsonSchema } }[];
  };
};

/** Thrown when a CRD file cannot be turned into types. */
export class CrdCodegenError extends Error {
  override name = "CrdCodegenError";
}

function doc(description: string | undefined, indent: string): string {
  if (!description) return "";
  return `${indent}/** ${description.replace(/\*\//g, "*\\/")} */\n`;
}

function typeOf(schema: JsonSchema, indent: string): string {
  if (schema["x-kubernetes-int-or-string"]) return "number | string";
  if (schema.enum) return schema.enum.map((v) => JSON.stringify(v)).join(" | ");
  switch (schema.type) {
    case "string":
      return "string";
    case "integer":
    case "number":
      return "number";
    case "boolean":
      return "boolean";
    case "array":
      return `${wrapArrayItem(typeOf(schema.items ?? {}, indent))}[]`;
    case "object": {
      if (schema.properties) return objectType(schema, indent);
      if (schema.additionalProperties && typeof schema.additionalProperties === "object") {
        return `Record<string, ${typeOf(schema.additionalProperties, indent)}>`;
      }
      return "Record<string, unknown>";
    }
    default:
      return "unknown";
  }
}

function wrapArrayItem(t: string): string {
  return t.includes("|") ? `(${t})` : t;
}

function objectType(schema: JsonSchema, indent: string): string {
  const inner = `${indent}  `;
  const required = new Set(schema.required ?? []);
  const lines = Object.entries(schema.properties ?? {}).map(
    ([key, prop]) =>
      `${doc(prop.description, inner)}${inner}${key}${required.has(key) ? "" : "?"}: ${typeOf(prop, inner)};`,
  );
  return `{\n${lines.join("\n")}\n${indent}}`;
}

/**
 * Renders the TypeScript types of the CRDs' storage versions: `<Kind>Spec`, `<Kind>Status` and `<Kind>`,
 * plus the group/version/plural constants. The CRD YAML is the source of truth; this output is committed.
 * @param files CRD YAML texts, in the order the types should appear.
 * @returns TypeScript source (unformatted; the generator script formats it with biome).
 */
export function renderCrdTypes(files: string[]): string {
  const out: string[] = [
    "// Generated from crds/*.yaml by operator/scripts/generateCrdTypes.ts. Do not edit by hand.",
    'import type { V1ObjectMeta } from "@kubernetes/client-node";',
    "",
  ];
  for (const text of files) {
    const crd = load(text) as Crd;
    if (crd?.kind !== "CustomResourceDefinition") throw new CrdCodegenError("not a CustomResourceDefinition");
    const { group, names, versions } = crd.spec;
    const version = versions.find((v) => v.storage);
    if (!version) throw new CrdCodegenError(`${names.kind}: no storage version`);
    const root = version.schema.openAPIV3Schema;
    const kind = names.kind;
    const upper = kind.replace(/([a-z])([A-Z])/g, "$1_$2").toUpperCase();
    const spec = root.properties?.spec;
    const status = root.properties?.status;
    if (!spec || !status) throw new CrdCodegenError(`${kind}: schema needs spec and status`);
    out.push(`/** API version of ${kind}. */`);
    out.push(`export const ${upper}_API_VERSION = "${group}/${version.name}" as const;`);
    out.push(`/** Resource (plural) name of ${kind}. */`);
    out.push(`export const ${upper}_PLURAL = "${names.plural}" as const;`);
    out.push("");
    out.push(doc(spec.description, "") + `export type ${kind}Spec = ${typeOf(spec, "")};`);
    out.push("");
    out.push(doc(status.description, "") + `export type ${kind}Status = ${typeOf(status, "")};`);
    out.push("");
    out.push(doc(root.description, "") + `export type ${kind} = {`);
    out.push(`  apiVersion: typeof ${upper}_API_VERSION;`);
    out.push(`  kind: "${kind}";`);
    out.push("  metadata: V1ObjectMeta;");
    out.push(`  spec: ${kind}Spec;`);
    out.push(`  status?: ${kind}Status;`);
    out.push("};");
    out.push("");
  }
  return out.join("\n");
}
