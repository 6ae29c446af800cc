// `pnpm check:breaking` (scripts/check-breaking.ts) on fixture pairs: the repository's contract as the last
// release, in a temporary git repository, and the same contract with one change, with and without the changesets
// that change needs. Every pair is checked in both states a repository can be in: released (a tag), and before
// the first release (the merge base with main). Then the real `changeset version` in such repositories: the
// version pull request and main before the publish pass, and a release whose tag is missing never does.
import { execFile } from "node:child_process";
import { cp, mkdir, mkdtemp, readFile, readdir, rm, symlink, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse, stringify } from "yaml";
import { CheckBreakingError, checkBreaking, findBaseline, publishedPackages } from "../../../scripts/check-breaking.ts";
import { WORKSPACE_ROOT } from "../src/workspace";

const exec = promisify(execFile);
const CONTRACT = "packages/contract/openapi.yaml";
const PUBLISHED = publishedPackages(WORKSPACE_ROOT);
const released = await readFile(path.join(WORKSPACE_ROOT, CONTRACT), "utf8");

// The fixtures edit an OpenAPI document in place.
type Doc = any;
const temporary: string[] = [];

async function git(cwd: string, ...args: string[]) {
  return (await exec("git", args, { cwd })).stdout.trim();
}

/**
 * A git repository on `main` holding the workspace's published manifests (at `version`), changeset config and
 * changelog generator and the contract, committed; tagged `@petstore/contract@<version>` when `tag`.
 */
async function makeRepo(version: string, tag: boolean): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "petstore-breaking-test-"));
  temporary.push(dir);
  await git(dir, "init", "-q", "-b", "main");
  await git(dir, "config", "user.email", "test@example.com");
  await git(dir, "config", "user.name", "test");
  await mkdir(path.join(dir, ".changeset"));
  await cp(path.join(WORKSPACE_ROOT, ".changeset/config.json"), path.join(dir, ".changeset/config.json"));
  await mkdir(path.join(dir, "scripts"));
  await cp(path.join(WORKSPACE_ROOT, "scripts/changelog.cjs"), path.join(dir, "scripts/changelog.cjs"));
  await writeFile(path.join(dir, "package.json"), `${JSON.stringify({ name: "fixture", private: true })}\n`);
  await writeFile(path.join(dir, "pnpm-workspace.yaml"), "packages:\n  - packages/*\n");
  await writeFile(path.join(dir, ".gitignore"), "node_modules\n");
  // `changeset version` runs with the workspace's installed Changesets.
  await symlink(path.join(WORKSPACE_ROOT, "node_modules"), path.join(dir, "node_modules"), "dir");
  for (const name of ["contract", "client", "mock"]) {
    const manifest = JSON.parse(await readFile(path.join(WORKSPACE_ROOT, "packages", name, "package.json"), "utf8"));
    manifest.version = version;
    await mkdir(path.join(dir, "packages", name), { recursive: true });
    await writeFile(path.join(dir, "packages", name, "package.json"), `${JSON.stringify(manifest, null, 2)}\n`);
  }
  await writeFile(path.join(dir, CONTRACT), released);
  await git(dir, "add", "-A");
  await git(dir, "commit", "-q", "-m", "release");
  if (tag) await git(dir, "tag", `@petstore/contract@${version}`);
  return dir;
}

/** Writes `edit(released contract)` as the contract of `repo`'s working tree. */
async function editContract(repo: string, edit: (doc: Doc) => void) {
  const doc = parse(released);
  edit(doc);
  await writeFile(path.join(repo, CONTRACT), stringify(doc));
}

/** Writes `.changeset/<name>.md` giving each package of `bumps` its bump. */
async function writeChangeset(repo: string, name: string, bumps: Record<string, string>) {
  const front = Object.entries(bumps).map(([pkg, bump]) => `"${pkg}": ${bump}`);
  await writeFile(path.join(repo, ".changeset", `${name}.md`), `---\n${front.join("\n")}\n---\n\nA change.\n`);
}

async function commitAll(repo: string, message: string) {
  await git(repo, "add", "-A");
  await git(repo, "commit", "-q", "-m", message);
}

/** The real `changeset version` (what `pnpm version-packages` starts with) in `repo`. */
async function versionPackages(repo: string) {
  const bin = path.join(WORKSPACE_ROOT, "node_modules/@changesets/cli/bin.js");
  await exec(process.execPath, [bin, "version"], { cwd: repo, env: { ...process.env, CI: "1" } });
}

async function versionOf(repo: string, name: string): Promise<string> {
  return JSON.parse(await readFile(path.join(repo, "packages", name, "package.json"), "utf8")).version;
}

/** `pnpm check:breaking` as a command in `repo`: its exit code and output. */
async function cli(repo: string): Promise<{ code: number; stdout: string; stderr: string }> {
  const command = exec(path.join(WORKSPACE_ROOT, "node_modules/.bin/tsx"), [
    path.join(WORKSPACE_ROOT, "scripts/check-breaking.ts"),
    repo,
  ]);
  return command.then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (failure: { code: number; stdout: string; stderr: string }) => failure,
  );
}

const all = (bump: string) => Object.fromEntries(PUBLISHED.map((name) => [name, bump]));

const schemas = (doc: Doc) => doc.components.schemas;
const breaks: [string, (doc: Doc) => void, RegExp][] = [
  [
    "a removed enum value",
    (doc) => {
      schemas(doc).PetStatus.enum = schemas(doc).PetStatus.enum.filter((value: string) => value !== "sold");
    },
    /BREAKING createPet \(POST \/pets\) \/paths\/~1pets\/post\/requestBody\/content\/application~1json\/schema\/properties\/status: cannot remove enum option 'sold'/,
  ],
  [
    "a newly required field",
    (doc) => {
      schemas(doc).NewPet.required.push("status");
    },
    /BREAKING createPet \(POST \/pets\) \S+\/properties\/status: cannot make a request property required/,
  ],
  [
    "a renamed field",
    (doc) => {
      for (const name of ["NewPet", "Pet"]) {
        const schema = schemas(doc)[name];
        schema.properties.category = schema.properties.categoryId;
        delete schema.properties.categoryId;
        schema.required = schema.required.map((field: string) => (field === "categoryId" ? "category" : field));
      }
    },
    /BREAKING getPet \(GET \/pets\/\{petId\}\) \S+\/properties\/categoryId: cannot remove response property 'categoryId'/,
  ],
  [
    "a removed operation",
    (doc) => {
      delete doc.paths["/pets/{petId}"];
    },
    /BREAKING getPet \(GET \/pets\/\{petId\}\) \/paths\/~1pets~1\{petId\}\/get: cannot remove an operation/,
  ],
  [
    "a narrowed parameter range",
    (doc) => {
      doc.components.parameters.Limit.schema.maximum -= 1;
    },
    /BREAKING listPets \(GET \/pets\) \/paths\/~1pets\/get\/parameters\/\d: parameter 'limit' accepts less \(maximum \d+ → \d+\)/,
  ],
];
const removeGetPet = breaks[3]?.[1] ?? (() => {});
const addNickname = (doc: Doc) => {
  for (const name of ["NewPet", "Pet"]) schemas(doc)[name].properties.nickname = { type: "string" };
};

afterAll(async () => {
  await Promise.all(temporary.map((dir) => rm(dir, { recursive: true, force: true })));
});

const states = [
  {
    state: "against the tag of the last release",
    released: true,
    make: () => makeRepo("1.0.0", true),
    against: /against the tag @petstore\/contract@1\.0\.0: /,
  },
  {
    state: "before any release, against the merge base with main",
    released: false,
    make: async () => {
      const repo = await makeRepo("0.0.0", false);
      await git(repo, "checkout", "-q", "-b", "feature");
      return repo;
    },
    against: /against the merge base with main \([0-9a-f]{10}; nothing released yet\): /,
  },
];

describe.each(states)("pnpm check:breaking $state", ({ released: isReleased, make, against }) => {
  let repo: string;
  beforeAll(async () => {
    repo = await make();
  });

  /** Writes `edit(document)` as the working tree's contract and `bumps` as the only pending changeset. */
  async function change(edit: (doc: Doc) => void, bumps: Record<string, string> = {}) {
    await editContract(repo, edit);
    await rm(path.join(repo, ".changeset/pending.md"), { force: true });
    if (Object.keys(bumps).length) await writeChangeset(repo, "pending", bumps);
    return checkBreaking(repo);
  }

  it("passes when the contract is unchanged, naming what it compared with", async () => {
    const result = await change(() => {});
    expect(result.ok).toBe(true);
    expect(result.lines[0]).toMatch(against);
    expect(result.lines[0]).toContain(": 0 breaking, 0 other, 0 documentation change(s); the changesets cover it.");
  });

  for (const [what, edit, reported] of breaks) {
    it(`fails on ${what} without a major changeset for every published package, naming the break`, async () => {
      const minor = await change(edit, all("minor"));
      expect(minor.ok).toBe(false);
      expect(minor.lines[0]).toMatch(
        /breaking change\(s\) .* need a major changeset for @petstore\/client, @petstore\/contract, @petstore\/mock/,
      );
      expect(minor.lines[0]?.includes("before the first release too")).toBe(!isReleased);
      expect(minor.lines.join("\n")).toMatch(reported);

      const contractOnly = await change(edit, { ...all("minor"), "@petstore/contract": "major" });
      expect(contractOnly.ok).toBe(false);
      expect(contractOnly.lines[0]).toContain("@petstore/client has minor, @petstore/mock has minor)");

      const major = await change(edit, all("major"));
      expect(major.ok).toBe(true);
      expect(major.lines.join("\n")).toMatch(
        new RegExp(reported.source.replace("BREAKING", "breaking, covered by a major:")),
      );
    });
  }

  it("a removed operation is one break, not one per response it had", async () => {
    const result = await change(removeGetPet);
    expect(result.lines.filter((line) => line.includes("BREAKING"))).toHaveLength(1);
  });

  it("a new optional field needs at least a minor changeset", async () => {
    const none = await change(addNickname);
    expect(none.ok).toBe(false);
    expect(none.lines[0]).toMatch(/needs at least a minor changeset .*\(@petstore\/client has none/);
    expect(none.lines.join("\n")).toContain("/properties/nickname");
    expect((await change(addNickname, all("patch"))).ok).toBe(false);
    expect((await change(addNickname, all("minor"))).ok).toBe(true);
  });

  it("a description change passes with a patch changeset or none", async () => {
    const edit = (doc: Doc) => {
      schemas(doc).PetStatus.description = "Whether an animal can be had.";
      doc.paths["/pets"].get.summary = "List the animals";
    };
    const none = await change(edit);
    expect(none.ok).toBe(true);
    expect(none.lines[0]).toMatch(/0 breaking, 0 other, \d+ documentation change/);
    expect((await change(edit, all("patch"))).ok).toBe(true);
  });

  it("a response enum value added is reported safe and needs only a minor (PetStatus is open)", async () => {
    const edit = (doc: Doc) => {
      schemas(doc).PetStatus.enum.push("adopted");
    };
    const result = await change(edit, all("minor"));
    expect(result.ok).toBe(true);
    expect(result.lines.join("\n")).toMatch(
      /safe: getPet \(GET \/pets\/\{petId\}\) \S+\/responses\/200\/\S+\/status: cannot add enum option 'adopted' .*: safe, responses may grow/,
    );
    expect((await change(edit)).ok).toBe(false);
  });

  it("a version bumped in the working tree counts like a pending changeset", async () => {
    const bumped = await make();
    for (const name of ["contract", "client", "mock"]) {
      const file = path.join(bumped, "packages", name, "package.json");
      const manifest = JSON.parse(await readFile(file, "utf8"));
      manifest.version = isReleased ? "2.0.0" : "1.0.0";
      await writeFile(file, JSON.stringify(manifest));
    }
    await editContract(bumped, removeGetPet);
    const result = await checkBreaking(bumped);
    expect(result.ok).toBe(true);
    expect(result.lines[0]).toMatch(
      /at the working tree \(\d\.0\.0, not published yet\) .*; the new versions cover it/,
    );
  });
});

describe("pnpm check:breaking after pnpm version-packages, before the tags exist", () => {
  it("passes on the version pull request and on main before the publish, and fails on a later unversioned break", async () => {
    const repo = await makeRepo("1.0.0", true);
    // A pull request merged into main: a break with its major changeset.
    await editContract(repo, removeGetPet);
    await writeChangeset(repo, "remove-get-pet", all("major"));
    await commitAll(repo, "remove getPet (#2)");

    // changesets/action's version pull request: the changesets consumed, the versions bumped, no tag yet.
    await git(repo, "checkout", "-q", "-b", "changeset-release/main");
    await versionPackages(repo);
    expect(await readdir(path.join(repo, ".changeset"))).toEqual(["config.json"]);
    expect(await versionOf(repo, "contract")).toBe("2.0.0");
    await commitAll(repo, "chore: version packages");
    const versionCommit = (await git(repo, "rev-parse", "HEAD")).slice(0, 10);
    const pr = await cli(repo);
    expect(pr.code, pr.stderr).toBe(0);
    expect(pr.stdout).toContain(
      `check:breaking: packages/contract/openapi.yaml at the version commit ${versionCommit} (2.0.0, not published yet) against the tag @petstore/contract@1.0.0: 1 breaking`,
    );
    expect(pr.stdout).toContain("; the new versions cover it.");
    expect(pr.stdout).toMatch(/breaking, covered by a major: getPet/);

    // Merged: main between the merge and `pnpm release`, where the release workflow runs `pnpm test`.
    await git(repo, "checkout", "-q", "main");
    await git(repo, "merge", "-q", "--no-ff", "-m", "Merge pull request #3", "changeset-release/main");
    const main = await checkBreaking(repo);
    expect(main.ok, main.lines.join("\n")).toBe(true);
    expect(main.lines.join("\n")).toContain(
      `check:breaking: packages/contract/openapi.yaml against the version commit ${versionCommit} (2.0.0, not published yet): 0 breaking, 0 other`,
    );

    // What the new versions cover ends at the version commit: a break after it needs its own changeset.
    await git(repo, "checkout", "-q", "-b", "feature");
    await editContract(repo, (doc) => {
      removeGetPet(doc);
      addNickname(doc);
    });
    const unversioned = await checkBreaking(repo);
    expect(unversioned.ok).toBe(false);
    expect(unversioned.lines.join("\n")).toMatch(
      /packages\/contract\/openapi.yaml changed since the version commit [0-9a-f]{10} \(2\.0\.0, not published yet\) .* needs at least a minor changeset/,
    );
    await writeChangeset(repo, "nickname", all("minor"));
    expect((await checkBreaking(repo)).ok).toBe(true);
  });

  it("fails the version pull request when the versions are smaller than the changes need", async () => {
    const repo = await makeRepo("1.0.0", true);
    await editContract(repo, removeGetPet);
    await writeChangeset(repo, "remove-get-pet", all("minor"));
    await commitAll(repo, "remove getPet");
    await git(repo, "checkout", "-q", "-b", "changeset-release/main");
    await versionPackages(repo);
    await commitAll(repo, "chore: version packages");
    const result = await checkBreaking(repo);
    expect(result.ok).toBe(false);
    expect(result.lines[0]).toMatch(
      /1 breaking change\(s\) in packages\/contract\/openapi.yaml at the version commit [0-9a-f]{10} \(1\.1\.0, not published yet\) since the tag @petstore\/contract@1\.0\.0 need a major version for .*\(@petstore\/client has minor, @petstore\/contract has minor, @petstore\/mock has minor\):/,
    );
  });

  it("makes the first release 1.0.0 with major changesets, passes before its tag, and exits 2 once a release lacks its tag", async () => {
    const origin = await makeRepo("0.0.0", false);
    await writeChangeset(origin, "first", all("major"));
    await commitAll(origin, "first release changesets");
    await git(origin, "checkout", "-q", "-b", "changeset-release/main");
    await versionPackages(origin);
    for (const name of ["contract", "client", "mock"]) expect(await versionOf(origin, name), name).toBe("1.0.0");
    await commitAll(origin, "chore: version packages");
    const pr = await checkBreaking(origin);
    expect(pr.ok, pr.lines.join("\n")).toBe(true);
    expect(pr.lines[0]).toMatch(
      /at the version commit [0-9a-f]{10} \(1\.0\.0, not published yet\) against the merge base with main .*; the new versions cover it/,
    );
    await git(origin, "checkout", "-q", "main");
    await git(origin, "merge", "-q", "--ff-only", "changeset-release/main");
    expect((await checkBreaking(origin)).ok).toBe(true);

    // Published and tagged (docs/releasing.md, "The first version of a package"); a clone that has not fetched
    // the tag cannot tell 1.0.0 from a version waiting for its publish, so what it compares is the same …
    await git(origin, "tag", "@petstore/contract@1.0.0");
    const clone = `${origin}-clone`;
    temporary.push(clone);
    await exec("git", ["clone", "-q", "--no-tags", `file://${origin}`, clone]);
    await git(clone, "config", "user.email", "test@example.com");
    await git(clone, "config", "user.name", "test");
    expect((await checkBreaking(clone)).ok).toBe(true);
    // … and a break on top of it still needs its major changeset.
    await git(clone, "checkout", "-q", "-b", "feature");
    await editContract(clone, removeGetPet);
    const unversioned = await checkBreaking(clone);
    expect(unversioned.ok).toBe(false);
    expect(unversioned.lines[0]).toMatch(/1 breaking change\(s\) .* need a major changeset/);

    // The next version: 1.0.0 was released, so without its tag there is nothing to compare with.
    await git(origin, "checkout", "-q", "-b", "nickname");
    await editContract(origin, addNickname);
    await writeChangeset(origin, "nickname", all("minor"));
    await versionPackages(origin);
    await commitAll(origin, "chore: version packages");
    await git(clone, "checkout", "-q", "--force", "main");
    await git(clone, "fetch", "-q", "--no-tags", "origin", "nickname");
    await git(clone, "merge", "-q", "--ff-only", "FETCH_HEAD");
    const missing = await cli(clone);
    expect(missing.code).toBe(2);
    expect(missing.stdout).toBe("");
    expect(missing.stderr).toBe(
      "check:breaking: @petstore/contract is at 1.1.0, so @petstore/contract@1.0.0 was released, but no tag @petstore/contract@1.0.0 is reachable from HEAD (there is none): run git fetch --tags (a first version is published and tagged by hand, see docs/releasing.md)\n",
    );
    await git(clone, "fetch", "-q", "--tags");
    const fetched = await checkBreaking(clone);
    expect(fetched.ok, fetched.lines.join("\n")).toBe(true);
    expect(fetched.lines[0]).toMatch(
      /at the version commit [0-9a-f]{10} \(1\.1\.0, not published yet\) against the tag @petstore\/contract@1\.0\.0: 0 breaking, [1-9]\d* other/,
    );
  });
});

describe("pnpm check:breaking on bad input", () => {
  it("exits 2 with one line when the contract does not parse, and changes nothing", async () => {
    const repo = await makeRepo("1.0.0", true);
    await writeFile(path.join(repo, CONTRACT), "openapi: 3.1.0\npaths: [\n");
    const before = await git(repo, "status", "--porcelain");
    const error = await cli(repo);
    expect(error.code).toBe(2);
    expect(error.stdout).toBe("");
    expect(error.stderr.trim().split("\n")).toHaveLength(1);
    expect(error.stderr).toMatch(
      /^check:breaking: packages\/contract\/openapi.yaml is not a valid OpenAPI 3 document: .+: fix it/,
    );
    expect(await git(repo, "status", "--porcelain")).toBe(before);
  });

  it("exits 2 with one line when a pending changeset does not parse", async () => {
    const repo = await makeRepo("1.0.0", true);
    await writeFile(path.join(repo, ".changeset/typo.md"), '---\n"@petstore/contract": mayor\n---\n\nA change.\n');
    const error = await cli(repo);
    expect(error.code).toBe(2);
    expect(error.stdout).toBe("");
    expect(error.stderr).toBe(
      'check:breaking: a pending changeset in .changeset/ cannot be read (could not parse changeset - invalid version type "mayor" for package "@petstore/contract"): fix its front matter\n',
    );
  });

  it("refuses when a released version has no tag here, saying to fetch the tags", async () => {
    const untagged = await makeRepo("0.1.0", false);
    await expect(checkBreaking(untagged)).rejects.toThrow(
      new CheckBreakingError(
        "@petstore/contract is at 0.1.0, so @petstore/contract@0.1.0 was released, but no tag @petstore/contract@0.1.0 is reachable from HEAD (there is none): run git fetch --tags (a first version is published and tagged by hand, see docs/releasing.md)",
      ),
    );
  });

  it("refuses when the version is below its release tag", async () => {
    const repo = await makeRepo("1.0.0", true);
    const file = path.join(repo, "packages/contract/package.json");
    await writeFile(file, (await readFile(file, "utf8")).replace('"version": "1.0.0"', '"version": "0.9.0"'));
    await expect(checkBreaking(repo)).rejects.toThrow(
      "@petstore/contract is at 0.9.0, below its release tag @petstore/contract@1.0.0: set its version back to 1.0.0 or check out a later commit",
    );
  });

  /** A depth-1 clone of a repository released as `version` that has one commit after its release. */
  async function shallowCloneOf(version: string, tag: boolean): Promise<string> {
    const source = await makeRepo(version, tag);
    const shallow = `${source}-shallow`;
    temporary.push(shallow);
    await writeFile(path.join(source, "second"), "x");
    await commitAll(source, "second");
    await exec("git", ["clone", "-q", "--depth", "1", `file://${source}`, shallow]);
    return shallow;
  }

  it("refuses in a shallow clone of a released contract, saying how to fetch the history", async () => {
    const shallow = await shallowCloneOf("0.1.0", true);
    await expect(checkBreaking(shallow)).rejects.toThrow(/this clone is shallow, .* run git fetch --unshallow --tags/);
  });

  it("compares a shallow clone of the unreleased main with main, as a CI checkout of main is", async () => {
    const shallow = await shallowCloneOf("0.0.0", false);
    const head = await git(shallow, "rev-parse", "HEAD");
    await expect(findBaseline(shallow)).resolves.toMatchObject({ ref: head, released: false });
  });

  it("refuses without a release tag or a main branch", async () => {
    const orphan = await makeRepo("0.0.0", false);
    await git(orphan, "checkout", "-q", "--orphan", "other");
    await git(orphan, "commit", "-q", "-m", "orphan");
    await git(orphan, "branch", "-D", "main");
    await expect(checkBreaking(orphan)).rejects.toThrow(
      "no release tag @petstore/contract@* and no branch main to compare with: run git fetch origin main --tags",
    );
  });
});
