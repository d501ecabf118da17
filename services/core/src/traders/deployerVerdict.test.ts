import { describe, expect, it } from "vitest";
import { deployerRiskLevel, deployerStatsOfCounts, deployerTokenStatus } from "./deployerVerdict.ts";

describe("deployer verdicts", () => {
  it("try rugged, abandoned, migrated, then active", () => {
    expect(deployerTokenStatus({ dayLowUsd: 99.99, weekLowUsd: 99.99, graduated: true })).toBe("rugged");
    expect(deployerTokenStatus({ dayLowUsd: 100, weekLowUsd: 100, graduated: true })).toBe("abandoned");
    expect(deployerTokenStatus({ dayLowUsd: null, weekLowUsd: 499, graduated: false })).toBe("abandoned");
    expect(deployerTokenStatus({ dayLowUsd: 600, weekLowUsd: 500, graduated: true })).toBe("migrated");
    expect(deployerTokenStatus({ dayLowUsd: 600, weekLowUsd: 500, graduated: false })).toBe("active");
    expect(deployerTokenStatus({ dayLowUsd: null, weekLowUsd: null, graduated: false })).toBe("active");
  });

  it("grade risk by the rugged and failed shares", () => {
    expect(deployerRiskLevel({ total: 0, rugged: 0, abandoned: 0 })).toBe("unknown");
    expect(deployerRiskLevel({ total: 10, rugged: 3, abandoned: 0 })).toBe("high");
    expect(deployerRiskLevel({ total: 10, rugged: 2, abandoned: 5 })).toBe("high");
    expect(deployerRiskLevel({ total: 10, rugged: 1, abandoned: 0 })).toBe("medium");
    expect(deployerRiskLevel({ total: 10, rugged: 0, abandoned: 4 })).toBe("medium");
    expect(deployerRiskLevel({ total: 10, rugged: 0, abandoned: 3 })).toBe("low");
  });

  it("make the success rate and risk of the verdict counts", () => {
    const s = deployerStatsOfCounts(
      { rugged: 1, active: 1, migrated: 1, abandoned: 0, firstDeployAt: 10, lastDeployAt: 30 },
      7,
    );
    expect(s).toEqual({
      totalTokens: 7,
      active: 1,
      migrated: 1,
      rugged: 1,
      abandoned: 0,
      successRatePct: 66.67,
      riskLevel: "high",
      firstDeployAt: 10,
      lastDeployAt: 30,
    });
    expect(
      deployerStatsOfCounts({
        rugged: 0,
        active: 0,
        migrated: 0,
        abandoned: 0,
        firstDeployAt: null,
        lastDeployAt: null,
      }),
    ).toMatchObject({ totalTokens: 0, successRatePct: null, riskLevel: "unknown" });
  });
});
