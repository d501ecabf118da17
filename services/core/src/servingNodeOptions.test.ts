import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ROUTER_NODE_OPTIONS, SERVING_NODE_OPTIONS } from "./servingNodeOptions.ts";

/** The lines of one stage of the Dockerfile, from its FROM to the next. */
function stage(dockerfile: string, name: string): string[] {
  const lines = dockerfile.split("\n");
  const from = lines.findIndex((l) => new RegExp(`^FROM \\S+ AS ${name}$`).test(l));
  expect(from, `stage ${name}`).toBeGreaterThanOrEqual(0);
  const end = lines.findIndex((l, i) => i > from && l.startsWith("FROM "));
  return lines.slice(from, end < 0 ? undefined : end);
}

describe("serving node options", () => {
  const dockerfile = readFileSync(new URL("../../../Dockerfile", import.meta.url), "utf8");

  it("are the NODE_OPTIONS of the query image, the router's of the api image, and no other image's", () => {
    expect(stage(dockerfile, "query")).toContain(`ENV NODE_OPTIONS="${SERVING_NODE_OPTIONS}"`);
    expect(stage(dockerfile, "api")).toContain(`ENV NODE_OPTIONS="${ROUTER_NODE_OPTIONS}"`);
    for (const name of ["ingest", "jobs", "operator"])
      expect(stage(dockerfile, name).some((l) => l.includes("NODE_OPTIONS"))).toBe(false);
  });
});
