import { readFile } from "node:fs/promises";
import path from "node:path";
import { parse } from "yaml";
import { describe, expect, it } from "vitest";
import { publishedPackages, readManifest, WORKSPACE_ROOT } from "../src/workspace";

interface Step {
  uses?: string;
  run?: string;
  if?: string;
  with?: Record<string, unknown>;
  env?: Record<string, string>;
}

const text = await readFile(path.join(WORKSPACE_ROOT, ".github/workflows/release.yml"), "utf8");
const workflow = parse(text);
const release = workflow.jobs.release;
const steps: Step[] = release.steps;
const changesetsStep = steps.find((step) => step.uses?.startsWith("changesets/action@")) as Step;
const canaryStep = steps.find((step) => step.run === "pnpm release:canary") as Step;
const indexOf = (predicate: (step: Step) => boolean) => steps.findIndex(predicate);

describe(".github/workflows/release.yml", () => {
  it("runs on pushes to main, one release at a time", () => {
    expect(workflow.on.push.branches).toEqual(["main"]);
    expect(workflow.concurrency["cancel-in-progress"]).toBe(false);
  });

  it("versions and publishes through the root scripts with changesets/action, on pushes only", () => {
    expect(changesetsStep.with).toMatchObject({ version: "pnpm version-packages", publish: "pnpm release" });
    expect(changesetsStep.if).toBe("github.event_name == 'push'");
  });

  it("runs `pnpm test` after installing and before anything is versioned or published", () => {
    const install = indexOf((step) => step.run === "pnpm install --frozen-lockfile");
    const test = indexOf((step) => step.run === "pnpm test");
    expect(install).toBeGreaterThanOrEqual(0);
    expect(test).toBeGreaterThan(install);
    expect(test).toBeLessThan(steps.indexOf(changesetsStep));
    expect(test).toBeLessThan(steps.indexOf(canaryStep));
    // Nothing between the test and the publishing steps may be skipped on failure or let a failure through.
    for (const step of steps) expect(JSON.stringify(step)).not.toMatch(/continue-on-error|always\(\)|failure\(\)/);
  });

  it("pins every action to a full commit SHA, with its tag in a comment", () => {
    const uses = steps.filter((step) => step.uses).map((step) => step.uses as string);
    expect(uses.length).toBeGreaterThanOrEqual(4);
    for (const action of uses) expect(action, action).toMatch(/^[\w.-]+\/[\w.-]+@[0-9a-f]{40}$/);
    const lines = text.split("\n").filter((line) => /^\s*(- )?uses:/.test(line));
    for (const line of lines) expect(line, line).toMatch(/@[0-9a-f]{40} # v\d+\.\d+\.\d+\b/);
  });

  it("is ready for npm trusted publishing with provenance: OIDC, npm 11.5.1 or later, no long-lived npm token", () => {
    expect(release.permissions["id-token"]).toBe("write");
    expect(workflow.permissions).toEqual({ contents: "read" });
    const npm = steps.find((step) => step.run?.startsWith("npm install --global npm@"))?.run ?? "";
    const [major, minor, patch] = (/npm@(\d+)\.(\d+)\.(\d+)$/.exec(npm)?.slice(1) ?? []).map(Number);
    expect(major! * 1e6 + minor! * 1e3 + patch!).toBeGreaterThanOrEqual(11_005_001);
    expect(indexOf((step) => step.run === npm)).toBeLessThan(steps.indexOf(changesetsStep));
    for (const step of [changesetsStep, canaryStep]) {
      expect(step.env?.NPM_CONFIG_PROVENANCE).toBe("true");
      expect(step.env?.NPM_TOKEN).toBeUndefined();
    }
    expect(text).not.toMatch(/NPM_TOKEN|NODE_AUTH_TOKEN/);
  });

  it("publishes canary snapshots only when run by hand", () => {
    expect(workflow.on).toHaveProperty("workflow_dispatch");
    expect(canaryStep.if).toBe("github.event_name == 'workflow_dispatch'");
  });

  it("runs on the Node major the packages are built and tested with", async () => {
    const node = steps.find((step) => step.uses?.startsWith("actions/setup-node@")) as Step;
    const root = JSON.parse(await readFile(path.join(WORKSPACE_ROOT, "package.json"), "utf8"));
    expect(root.engines.node).toMatch(new RegExp(`^>=${node.with?.["node-version"]}\\b`));
  });
});

describe("published package manifests", () => {
  it("leave provenance to the CI environment, so publishing without OIDC (locally, in the release test) works", async () => {
    for (const pkg of await publishedPackages(WORKSPACE_ROOT)) {
      const manifest = (await readManifest(WORKSPACE_ROOT, pkg.dir)) as { publishConfig?: { provenance?: unknown } };
      expect(manifest.publishConfig?.provenance, pkg.manifest.name).toBeUndefined();
    }
  });
});
