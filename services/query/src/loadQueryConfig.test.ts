import { describe, expect, it } from "vitest";
import { loadQueryConfig } from "./loadQueryConfig.ts";

describe("loadQueryConfig", () => {
  it("reads what the operator's shard Deployment sets", () => {
    // the variables of operator/src/shardset/desiredShardDeployment.ts
    const config = loadQueryConfig({
      SHARD_NAME: "shard-2",
      SHARD_SET: "main",
      DATABASE_URL: "postgres://db/tapeline",
      REDIS_URL: "redis://redis:6379",
      PORT: "8080",
    });
    expect(config).toMatchObject({ shardName: "shard-2", shardSet: "main", port: 8080 });
    expect(config.databaseUrl).toBe("postgres://db/tapeline");
  });

  it("lists every problem", () => {
    expect(() => loadQueryConfig({ PORT: "0", DATABASE_URL: "" })).toThrow(
      /DATABASE_URL is required[\s\S]*PORT must be an integer/,
    );
  });
});
