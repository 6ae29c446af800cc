import { readFile } from "node:fs/promises";
import path from "node:path";
import { parse } from "yaml";
import { describe, expect, it } from "vitest";
import { publishedPackages, readManifest, WORKSPACE_ROOT } from "../src/workspace";

const workflow = parse(await readFile(path.join(WORKSPACE_ROOT, ".github/workflows/release.yml"), "utf8"));
const release = workflow.jobs.release;
const changesetsStep = release.steps.find((step: { uses?: string }) => step.uses?.startsWith("changesets/action@"));

describe(".github/workflows/release.yml", () => {
  it("runs on pushes to main, one release at a time", () => {
    expect(workflow.on.push.branches).toEqual(["main"]);
    expect(workflow.concurrency["cancel-in-progress"]).toBe(false);
  });

  it("versions and publishes through the root scripts with changesets/action", () => {
    expect(changesetsStep.with).toMatchObject({ version: "pnpm version-packages", publish: "pnpm release" });
    expect(release.steps.map((step: { run?: string }) => step.run).filter(Boolean)).toEqual(["pnpm install --frozen-lockfile"]);
  });

  it("publishes with npm provenance: OIDC permission and NPM_CONFIG_PROVENANCE in the environment", () => {
    expect(release.permissions["id-token"]).toBe("write");
    expect(changesetsStep.env.NPM_CONFIG_PROVENANCE).toBe("true");
    expect(changesetsStep.env.NPM_TOKEN).toBe("${{ secrets.NPM_TOKEN }}");
  });

  it("runs on the Node major the packages are built and tested with", async () => {
    const node = release.steps.find((step: { uses?: string }) => step.uses?.startsWith("actions/setup-node@"));
    const root = JSON.parse(await readFile(path.join(WORKSPACE_ROOT, "package.json"), "utf8"));
    expect(root.engines.node).toMatch(new RegExp(`^>=${node.with["node-version"]}\\b`));
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
