// Regenerates operator/src/generated/crdTypes.ts from crds/*.yaml: `npx tsx operator/scripts/generateCrdTypes.ts`.
import { writeFileSync } from "node:fs";
import { CRD_TYPES_FILE, generateCrdTypes } from "../src/codegen/generateCrdTypes.ts";

writeFileSync(CRD_TYPES_FILE, generateCrdTypes());
console.log("wrote %s", CRD_TYPES_FILE);
