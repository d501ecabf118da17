/**
 * The client's REST types are generated from the OpenAPI document the router serves, itself built
 * from the endpoints' schemas: this fails when an endpoint changed and the types were not made again.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { CLIENT_TYPES_PATH, generateClientTypes } from "../../scripts/generateClientTypes.ts";

describe("@tapeline/client REST types", () => {
  it("equal what the current endpoint schemas generate (run `npx tsx scripts/generateClientTypes.ts` when not)", async () => {
    expect(readFileSync(CLIENT_TYPES_PATH, "utf8")).toBe(await generateClientTypes());
  });
});
