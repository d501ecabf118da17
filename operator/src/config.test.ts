import { ConfigError } from "@tapeline/core";
import { describe, expect, it } from "vitest";
import { loadOperatorConfig } from "./config.ts";

const env = {
  POD_NAMESPACE: "markets",
  POD_NAME: "tapeline-operator-abc",
  REDIS_URL: "redis://redis:6379",
  INGEST_IMAGE: "i:1",
  QUERY_IMAGE: "q:1",
  MIGRATE_IMAGE: "o:1",
  DATABASE_SECRET_NAME: "pg",
  REDIS_SECRET_NAME: "redis",
};

describe("loadOperatorConfig", () => {
  it("reads the environment with its defaults", () => {
    const c = loadOperatorConfig(env);
    expect(c.namespace).toBe("markets");
    expect(c.identity).toBe("tapeline-operator-abc");
    expect(c.lease).toEqual({ durationSeconds: 15, renewDeadlineSeconds: 10, retryPeriodSeconds: 2 });
    expect(c.workloads.databaseSecret).toEqual({ name: "pg", key: "url" });
    expect(c.workloads.imagePullPolicy).toBe("IfNotPresent");
    expect(c.drainSeconds).toBe(30);
  });

  it("reports every problem at once", () => {
    try {
      loadOperatorConfig({
        POD_NAMESPACE: "x",
        RENEW_DEADLINE_SECONDS: "20",
        IMAGE_PULL_POLICY: "Sometimes",
      });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      const problems = (err as ConfigError).problems;
      expect(problems).toContain("REDIS_URL is required");
      expect(problems).toContain("INGEST_IMAGE is required");
      expect(problems).toContain("DATABASE_SECRET_NAME is required");
      expect(problems).toContain("RENEW_DEADLINE_SECONDS must be less than LEASE_DURATION_SECONDS");
      expect(problems.some((p) => p.startsWith("IMAGE_PULL_POLICY must be one of"))).toBe(true);
    }
  });
});
