import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { CRD_TYPES_FILE, generateCrdTypes } from "./generateCrdTypes.ts";
import { renderCrdTypes } from "./renderCrdTypes.ts";

describe("generated CRD types", () => {
  it("are up to date with crds/*.yaml (regenerate: npx tsx operator/scripts/generateCrdTypes.ts)", () => {
    expect(readFileSync(CRD_TYPES_FILE, "utf8")).toBe(generateCrdTypes());
  });

  it("render required, optional, enum, map and int-or-string fields", () => {
    const crd = `
kind: CustomResourceDefinition
spec:
  group: example.dev
  names: { kind: Widget, plural: widgets }
  versions:
    - name: v1
      storage: true
      schema:
        openAPIV3Schema:
          type: object
          properties:
            spec:
              type: object
              required: [size]
              properties:
                size: { type: integer, description: How big. }
                mode: { type: string, enum: [A, B] }
                limits: { type: object, additionalProperties: { x-kubernetes-int-or-string: true } }
                tags: { type: array, items: { type: string } }
            status:
              type: object
              properties:
                ok: { type: boolean }
`;
    const out = renderCrdTypes([crd]);
    expect(out).toContain('export const WIDGET_API_VERSION = "example.dev/v1" as const;');
    expect(out).toContain("  /** How big. */\n  size: number;");
    expect(out).toContain('  mode?: "A" | "B";');
    expect(out).toContain("  limits?: Record<string, number | string>;");
    expect(out).toContain("  tags?: string[];");
    expect(out).toContain("export type WidgetStatus = {\n  ok?: boolean;\n};");
    expect(() => renderCrdTypes(["kind: ConfigMap"])).toThrow(/not a CustomResourceDefinition/);
  });
});
