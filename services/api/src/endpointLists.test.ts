import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const SRC = path.dirname(fileURLToPath(import.meta.url));

describe("endpoint lists", () => {
  it("mounts every endpoint group folder (a group left out of endpointLists.ts would answer 404)", () => {
    const groups = readdirSync(path.join(SRC, "endpoints"), { withFileTypes: true })
      .filter((d) => d.isDirectory() && existsSync(path.join(SRC, "endpoints", d.name, "endpoints.ts")))
      .map((d) => d.name);
    expect(groups.length).toBeGreaterThan(0);
    const source = readFileSync(path.join(SRC, "endpointLists.ts"), "utf8");
    const missing = groups.filter((g) => !source.includes(`"./endpoints/${g}/endpoints.ts"`));
    expect(missing).toEqual([]);
  });
});
