import { TEST_REDIS_URL } from "@tapeline/core/testing";
import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { MONTH_OF_LUA } from "./billingScripts.ts";
import { monthOf } from "./monthOf.ts";

describe("monthOf in Lua", () => {
  const redis = new Redis(TEST_REDIS_URL);
  afterAll(() => redis.disconnect());

  it("agrees with the UTC calendar on month edges, leap days and century years", async () => {
    const instants = [
      "1970-01-01T00:00:00.000Z",
      "2000-02-29T23:59:59.999Z",
      "2000-03-01T00:00:00.000Z",
      "2024-02-29T12:00:00.000Z",
      "2024-12-31T23:59:59.999Z",
      "2025-01-01T00:00:00.000Z",
      "2100-02-28T23:59:59.999Z",
      "2100-03-01T00:00:00.000Z",
    ].map((iso) => Date.parse(iso));
    for (let t = Date.UTC(2023, 0, 1); t < Date.UTC(2027, 0, 1); t += 86_400_000 * 7 + 3_600_000)
      instants.push(t);
    const lua = `${MONTH_OF_LUA}
local out = {}
for i, ms in ipairs(ARGV) do out[i] = monthOf(tonumber(ms)) end
return out`;
    const months = (await redis.eval(lua, 0, ...instants.map(String))) as string[];
    expect(months).toEqual(instants.map(monthOf));
  });
});
