// Regenerates what derives from crds/*.yaml: operator/src/generated/crdTypes.ts and the chart's copy of the CRDs.
//   npx tsx operator/scripts/generateCrdTypes.ts   (or: npm run -w operator generate)
import { copyFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { CRD_TYPES_FILE, generateCrdTypes, REPO_ROOT } from "../src/codegen/generateCrdTypes.ts";

writeFileSync(CRD_TYPES_FILE, generateCrdTypes());
console.log("wrote %s", CRD_TYPES_FILE);

const from = path.join(REPO_ROOT, "crds");
const to = path.join(REPO_ROOT, "charts/tapeline/crds");
for (const f of readdirSync(to)) rmSync(path.join(to, f));
for (const f of readdirSync(from).filter((f) => f.endsWith(".yaml"))) {
  copyFileSync(path.join(from, f), path.join(to, f));
  console.log("copied %s to the chart", f);
}
