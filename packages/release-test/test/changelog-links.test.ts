// scripts/changelog.cjs, the generator `changeset version` runs (.changeset/config.json): every entry links its
// pull request and commit and thanks its author, from git alone. The real `changeset version` in a temporary git
// repository, with no network.
import { execFile } from "node:child_process";
import { cp, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WORKSPACE_ROOT } from "../src/workspace";

const exec = promisify(execFile);
const REPO = "https://github.com/petstore-sdk/petstore-sdk";
let dir: string;
let changelog: string;
const commits: Record<string, string> = {};

async function git(...args: string[]) {
  return (await exec("git", args, { cwd: dir })).stdout.trim();
}

/** Commits `.changeset/<id>.md` as `author` with `subject`, and remembers the commit. */
async function addChangeset(id: string, body: string, subject: string, author: string) {
  await writeFile(path.join(dir, ".changeset", `${id}.md`), `---\n"@petstore/contract": minor\n---\n\n${body}\n`);
  await git("add", "-A");
  await git(
    "-c",
    `user.name=${author.split(" <")[0]}`,
    "-c",
    `user.email=${author.split("<")[1]?.slice(0, -1)}`,
    "commit",
    "-q",
    "-m",
    subject,
  );
  commits[id] = await git("rev-parse", "HEAD");
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "petstore-changelog-links-"));
  await git("init", "-q", "-b", "main");
  await mkdir(path.join(dir, ".changeset"));
  await mkdir(path.join(dir, "scripts"));
  await mkdir(path.join(dir, "packages/contract"), { recursive: true });
  await cp(path.join(WORKSPACE_ROOT, ".changeset/config.json"), path.join(dir, ".changeset/config.json"));
  await cp(path.join(WORKSPACE_ROOT, "scripts/changelog.cjs"), path.join(dir, "scripts/changelog.cjs"));
  await writeFile(path.join(dir, "package.json"), JSON.stringify({ name: "root", private: true }));
  await writeFile(path.join(dir, "pnpm-workspace.yaml"), "packages:\n  - packages/*\n");
  const contract = JSON.parse(await readFile(path.join(WORKSPACE_ROOT, "packages/contract/package.json"), "utf8"));
  await writeFile(
    path.join(dir, "packages/contract/package.json"),
    `${JSON.stringify({ name: contract.name, version: "1.0.0", repository: contract.repository }, null, 2)}\n`,
  );
  await symlink(path.join(WORKSPACE_ROOT, "node_modules"), path.join(dir, "node_modules"), "dir");
  await git("add", "-A");
  await git("-c", "user.name=setup", "-c", "user.email=setup@example.com", "commit", "-q", "-m", "setup");
  await addChangeset(
    "squashed",
    "A feature.\n\nIts second paragraph.",
    "contract: a feature (#42)",
    "Octo Cat <1234+octocat@users.noreply.github.com>",
  );
  await addChangeset(
    "merged",
    "Another feature.",
    "Merge pull request #7 from someone/branch",
    "Jane Doe <jane@example.com>",
  );
  await addChangeset(
    "direct",
    "pr: #99\nauthor: @reviewer\n\nA feature with its links set by hand.",
    "contract: direct push",
    "Jane Doe <jane@example.com>",
  );
  const bin = path.join(WORKSPACE_ROOT, "node_modules/@changesets/cli/bin.js");
  await exec(process.execPath, [bin, "version"], { cwd: dir, env: { ...process.env, CI: "1" } });
  changelog = await readFile(path.join(dir, "packages/contract/CHANGELOG.md"), "utf8");
});

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe("CHANGELOG entries written by scripts/changelog.cjs", () => {
  it("link a squash-merged pull request, its commit, and thank the author by the login of a no-reply address", () => {
    const commit = commits.squashed ?? "";
    expect(changelog).toContain(
      `- [#42](${REPO}/pull/42) [\`${commit.slice(0, 7)}\`](${REPO}/commit/${commit}) Thanks [@octocat](https://github.com/octocat)! - A feature.\n\n  Its second paragraph.`,
    );
  });

  it("read the number of a merge commit's pull request and thank an author without a GitHub address by name", () => {
    const commit = commits.merged ?? "";
    expect(changelog).toContain(
      `- [#7](${REPO}/pull/7) [\`${commit.slice(0, 7)}\`](${REPO}/commit/${commit}) Thanks Jane Doe! - Another feature.`,
    );
  });

  it("take pr: and author: lines of the changeset over git, and leave them out of the entry", () => {
    const commit = commits.direct ?? "";
    expect(changelog).toContain(
      `- [#99](${REPO}/pull/99) [\`${commit.slice(0, 7)}\`](${REPO}/commit/${commit}) Thanks [@reviewer](https://github.com/reviewer)! - A feature with its links set by hand.`,
    );
    expect(changelog).not.toContain("pr: #99");
  });

  it("is the generator .changeset/config.json names", async () => {
    const config = JSON.parse(await readFile(path.join(WORKSPACE_ROOT, ".changeset/config.json"), "utf8"));
    expect(config.changelog).toBe("../scripts/changelog.cjs");
  });
});
