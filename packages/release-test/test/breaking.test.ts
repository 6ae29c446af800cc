// `pnpm check:breaking` (scripts/check-breaking.ts) on fixture pairs: the repository's contract as the last
// release, tagged in a temporary git repository, and the same contract with one change, with and without the
// changesets that change needs.
import { execFile } from "node:child_process";
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
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

// The fixtures edit an OpenAPI document in place.
type Doc = any;
let released: string;
let repo: string;

async function git(cwd: string, ...args: string[]) {
  return (await exec("git", args, { cwd })).stdout.trim();
}

/** A git repository holding the workspace's manifests, changeset config and contract, released as `version`. */
async function makeRepo(version: string, tag: boolean): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "petstore-breaking-test-"));
  await git(dir, "init", "-q", "-b", "main");
  await git(dir, "config", "user.email", "test@example.com");
  await git(dir, "config", "user.name", "test");
  await mkdir(path.join(dir, ".changeset"));
  await cp(path.join(WORKSPACE_ROOT, ".changeset/config.json"), path.join(dir, ".changeset/config.json"));
  for (const name of ["contract", "client", "mock"]) {
    const manifest = JSON.parse(await readFile(path.join(WORKSPACE_ROOT, "packages", name, "package.json"), "utf8"));
    manifest.version = version;
    await mkdir(path.join(dir, "packages", name), { recursive: true });
    await writeFile(path.join(dir, "packages", name, "package.json"), JSON.stringify(manifest, null, 2));
  }
  await writeFile(path.join(dir, CONTRACT), released);
  await git(dir, "add", "-A");
  await git(dir, "commit", "-q", "-m", "release");
  if (tag) await git(dir, "tag", `@petstore/contract@${version}`);
  return dir;
}

/** Writes `edit(document)` as the working tree's contract and `bumps` as the only pending changeset. */
async function change(edit: (doc: Doc) => void, bumps: Record<string, string> = {}) {
  const doc = parse(released);
  edit(doc);
  await writeFile(path.join(repo, CONTRACT), stringify(doc));
  await rm(path.join(repo, ".changeset/pending.md"), { force: true });
  if (Object.keys(bumps).length) {
    const front = Object.entries(bumps).map(([name, bump]) => `"${name}": ${bump}`);
    await writeFile(path.join(repo, ".changeset/pending.md"), `---\n${front.join("\n")}\n---\n\nA change.\n`);
  }
  return checkBreaking(repo);
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

beforeAll(async () => {
  released = await readFile(path.join(WORKSPACE_ROOT, CONTRACT), "utf8");
  repo = await makeRepo("0.1.0", true);
});
afterAll(async () => {
  await rm(repo, { recursive: true, force: true });
});

describe("pnpm check:breaking against the tag of the last release", () => {
  it("passes when the contract is unchanged, naming the tag", async () => {
    const result = await change(() => {});
    expect(result.ok).toBe(true);
    expect(result.lines[0]).toContain("against the tag @petstore/contract@0.1.0: 0 breaking");
  });

  for (const [what, edit, reported] of breaks) {
    it(`fails on ${what} without a major changeset for every published package, naming the break`, async () => {
      const minor = await change(edit, all("minor"));
      expect(minor.ok).toBe(false);
      expect(minor.lines[0]).toMatch(
        /breaking change\(s\) .* need a major changeset for @petstore\/client, @petstore\/contract, @petstore\/mock/,
      );
      expect(minor.lines.join("\n")).toMatch(reported);

      const contractOnly = await change(edit, { ...all("minor"), "@petstore/contract": "major" });
      expect(contractOnly.ok).toBe(false);
      expect(contractOnly.lines[0]).toContain("@petstore/client has minor, @petstore/mock has minor)");

      expect((await change(edit, all("major"))).ok).toBe(true);
    });
  }

  it("a removed operation is one break, not one per response it had", async () => {
    const result = await change((doc) => {
      delete doc.paths["/pets/{petId}"];
    });
    expect(result.lines.filter((line) => line.includes("BREAKING"))).toHaveLength(1);
  });

  it("a new optional field needs at least a minor changeset", async () => {
    const edit = (doc: Doc) => {
      for (const name of ["NewPet", "Pet"]) schemas(doc)[name].properties.nickname = { type: "string" };
    };
    const none = await change(edit);
    expect(none.ok).toBe(false);
    expect(none.lines[0]).toMatch(/needs at least a minor changeset .*\(@petstore\/client has none/);
    expect(none.lines.join("\n")).toContain("/properties/nickname");
    expect((await change(edit, all("patch"))).ok).toBe(false);
    expect((await change(edit, all("minor"))).ok).toBe(true);
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

  it("a version already bumped since the tag counts like a pending changeset", async () => {
    const bumped = await makeRepo("0.1.0", true);
    try {
      for (const name of ["contract", "client", "mock"]) {
        const file = path.join(bumped, "packages", name, "package.json");
        const manifest = JSON.parse(await readFile(file, "utf8"));
        manifest.version = "1.0.0";
        await writeFile(file, JSON.stringify(manifest));
      }
      const doc = parse(released);
      delete doc.paths["/pets/{petId}"];
      await writeFile(path.join(bumped, CONTRACT), stringify(doc));
      expect((await checkBreaking(bumped)).ok).toBe(true);
    } finally {
      await rm(bumped, { recursive: true, force: true });
    }
  });
});

describe("pnpm check:breaking before any release and on bad input", () => {
  it("compares with the merge base with main while the contract is at 0.0.0, where a break needs only a minor", async () => {
    const fresh = await makeRepo("0.0.0", false);
    try {
      await git(fresh, "checkout", "-q", "-b", "feature");
      const doc = parse(released);
      delete doc.paths["/pets/{petId}"];
      await writeFile(path.join(fresh, CONTRACT), stringify(doc));
      await git(fresh, "commit", "-q", "-am", "remove getPet");
      const none = await checkBreaking(fresh);
      expect(none.ok).toBe(false);
      expect(none.lines[0]).toMatch(
        /changed since the merge base with main \([0-9a-f]{10}; nothing released yet\) .* needs at least a minor changeset/,
      );
      await writeFile(
        path.join(fresh, ".changeset/first.md"),
        `---\n${PUBLISHED.map((name) => `"${name}": minor`).join("\n")}\n---\n\nFirst release.\n`,
      );
      const minor = await checkBreaking(fresh);
      expect(minor.ok).toBe(true);
      expect(minor.lines.join("\n")).toMatch(
        /breaking, but nothing is released yet: getPet \(GET \/pets\/\{petId\}\) \/paths\/~1pets~1\{petId\}\/get: cannot remove an operation/,
      );
    } finally {
      await rm(fresh, { recursive: true, force: true });
    }
  });

  it("exits 2 with one line when the contract does not parse, and changes nothing", async () => {
    await writeFile(path.join(repo, CONTRACT), "openapi: 3.1.0\npaths: [\n");
    const before = await git(repo, "status", "--porcelain");
    const cli = exec(path.join(WORKSPACE_ROOT, "node_modules/.bin/tsx"), [
      path.join(WORKSPACE_ROOT, "scripts/check-breaking.ts"),
      repo,
    ]);
    const error = await cli.then(
      () => undefined,
      (failure: { code: number; stderr: string; stdout: string }) => failure,
    );
    expect(error?.code).toBe(2);
    expect(error?.stdout).toBe("");
    expect(error?.stderr.trim().split("\n")).toHaveLength(1);
    expect(error?.stderr).toMatch(
      /^check:breaking: packages\/contract\/openapi.yaml is not a valid OpenAPI 3 document: .+: fix it/,
    );
    expect(await git(repo, "status", "--porcelain")).toBe(before);
    await writeFile(path.join(repo, CONTRACT), released);
  });

  it("refuses when a released version has no tag here, saying to fetch the tags", async () => {
    const untagged = await makeRepo("0.1.0", false);
    try {
      await expect(checkBreaking(untagged)).rejects.toThrow(
        new CheckBreakingError(
          "@petstore/contract is at 0.1.0 but no tag @petstore/contract@* is reachable from HEAD: run git fetch --tags (a first version is published and tagged by hand, see docs/releasing.md)",
        ),
      );
    } finally {
      await rm(untagged, { recursive: true, force: true });
    }
  });

  /** A depth-1 clone of a repository released as `version` that has one commit after its release. */
  async function shallowCloneOf(version: string, tag: boolean): Promise<{ shallow: string; remove(): Promise<void> }> {
    const source = await makeRepo(version, tag);
    const shallow = `${source}-shallow`;
    await writeFile(path.join(source, "second"), "x");
    await git(source, "add", "-A");
    await git(source, "commit", "-q", "-m", "second");
    await exec("git", ["clone", "-q", "--depth", "1", `file://${source}`, shallow]);
    return {
      shallow,
      remove: async () => {
        await rm(source, { recursive: true, force: true });
        await rm(shallow, { recursive: true, force: true });
      },
    };
  }

  it("refuses in a shallow clone of a released contract, saying how to fetch the history", async () => {
    const { shallow, remove } = await shallowCloneOf("0.1.0", true);
    try {
      await expect(checkBreaking(shallow)).rejects.toThrow(
        /this clone is shallow, .* run git fetch --unshallow --tags/,
      );
    } finally {
      await remove();
    }
  });

  it("compares a shallow clone of the unreleased main with main, as a CI checkout of main is", async () => {
    const { shallow, remove } = await shallowCloneOf("0.0.0", false);
    try {
      const head = await git(shallow, "rev-parse", "HEAD");
      await expect(findBaseline(shallow)).resolves.toMatchObject({ ref: head, released: false });
    } finally {
      await remove();
    }
  });

  it("refuses without a release tag or a main branch", async () => {
    const orphan = await makeRepo("0.0.0", false);
    try {
      await git(orphan, "checkout", "-q", "--orphan", "other");
      await git(orphan, "commit", "-q", "-m", "orphan");
      await git(orphan, "branch", "-D", "main");
      await expect(checkBreaking(orphan)).rejects.toThrow(
        "no release tag @petstore/contract@* and no branch main to compare with: run git fetch origin main --tags",
      );
    } finally {
      await rm(orphan, { recursive: true, force: true });
    }
  });
});
