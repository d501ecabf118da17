import { describe, expect, it } from "vitest";
import { podSpecOf, testSettings } from "../testFixtures.ts";
import { desiredMigrationJob, isJobComplete } from "./desiredMigrationJob.ts";

describe("desiredMigrationJob", () => {
  it("runs the migrations once per image, with the database URL from its Secret", () => {
    const job = desiredMigrationJob("markets", testSettings);
    expect(job.metadata.name).toMatch(/^tapeline-migrate-[0-9a-f]{10}$/);
    expect(job.metadata.labels).toEqual({
      "app.kubernetes.io/name": "tapeline",
      "app.kubernetes.io/component": "migrations",
      "app.kubernetes.io/managed-by": "tapeline-operator",
      "app.kubernetes.io/part-of": "tapeline",
    });
    const pod = podSpecOf(job);
    expect(pod.restartPolicy).toBe("Never");
    expect(pod.containers[0]).toMatchObject({
      image: "registry.example/tapeline-operator:1.2.3",
      command: ["node", "--import", "tsx", "operator/src/runMigrations.ts"],
      env: [{ name: "DATABASE_URL", valueFrom: { secretKeyRef: { name: "tapeline-postgres", key: "url" } } }],
    });
    const next = desiredMigrationJob("markets", {
      ...testSettings,
      migrateImage: "registry.example/tapeline-operator:1.2.4",
    });
    expect(next.metadata.name).not.toBe(job.metadata.name);
    expect(desiredMigrationJob("markets", testSettings).metadata.name).toBe(job.metadata.name);
  });

  it("reads completion from the Complete condition", () => {
    const job = desiredMigrationJob("markets", testSettings);
    expect(isJobComplete(null)).toBe(false);
    expect(isJobComplete(job)).toBe(false);
    expect(isJobComplete({ ...job, status: { conditions: [{ type: "Complete", status: "True" }] } })).toBe(
      true,
    );
    expect(isJobComplete({ ...job, status: { conditions: [{ type: "Failed", status: "True" }] } })).toBe(
      false,
    );
  });
});
