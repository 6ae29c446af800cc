// `pnpm check:breaking` (part of `pnpm lint`, so of `pnpm test`): compares packages/contract/openapi.yaml with the
// version of the last release and fails when the pending changesets do not bump the published packages enough:
// a breaking change needs a `major`, any other change but documentation a `minor`. README.md, "Breaking
// changes", has the rule set; scripts/breaking/diff.ts the comparison.
import { execFile } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import readChangesets from "@changesets/read";
import { ContractParseError, diffContracts } from "./breaking/diff.ts";

const run = promisify(execFile);
const CONTRACT = "packages/contract/openapi.yaml";
const CONTRACT_PACKAGE = "packages/contract/package.json";

/** A bump, from smallest to largest. */
export type Bump = "none" | "patch" | "minor" | "major";
const ORDER: Bump[] = ["none", "patch", "minor", "major"];
const larger = (a: Bump, b: Bump): Bump => (ORDER.indexOf(a) >= ORDER.indexOf(b) ? a : b);

/** A reason the check cannot run; printed as one line, exit code 2. */
export class CheckBreakingError extends Error {
  override name = "CheckBreakingError";
}

/** The release the contract is compared with: a git revision and how it was found. */
export interface Baseline {
  ref: string;
  /** Whether it is a published release (a tag); before the first release nothing a user has can break. */
  released: boolean;
  /** `the tag @petstore/contract@1.2.0` or `the merge base with main (no release yet)`. */
  label: string;
}

async function git(root: string, args: string[]): Promise<string | undefined> {
  try {
    const { stdout } = await run("git", args, { cwd: root, maxBuffer: 64 * 1024 * 1024 });
    return stdout.trim();
  } catch {
    return undefined;
  }
}

function compareVersions(a: string, b: string): number {
  const pa = a.split(/[.-]/).map((part) => Number.parseInt(part, 10));
  const pb = b.split(/[.-]/).map((part) => Number.parseInt(part, 10));
  for (let i = 0; i < 3; i++) {
    const diff = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (diff !== 0) return diff;
  }
  return 0;
}

/** The bump from version `before` to version `after` (`none` when equal or lower). */
export function versionBump(before: string | undefined, after: string): Bump {
  if (!before || compareVersions(after, before) <= 0) return "none";
  const [a = "0", b = "0"] = before.split(".");
  const [c = "0", d = "0"] = after.split(".");
  if (a !== c) return "major";
  return b !== d ? "minor" : "patch";
}

/** The names of the published (not private) packages under packages/. */
export function publishedPackages(root: string): string[] {
  const names: string[] = [];
  for (const dir of readdirSync(path.join(root, "packages"), { withFileTypes: true })) {
    if (!dir.isDirectory()) continue;
    try {
      const manifest = JSON.parse(readFileSync(path.join(root, "packages", dir.name, "package.json"), "utf8"));
      if (manifest.private !== true && typeof manifest.name === "string") names.push(manifest.name);
    } catch {
      // a folder without a package.json is no package
    }
  }
  return names.sort();
}

async function isShallow(root: string): Promise<boolean> {
  return (await git(root, ["rev-parse", "--is-shallow-repository"])) === "true";
}

function shallowClone(contract: string): CheckBreakingError {
  return new CheckBreakingError(
    `this clone is shallow, so the last release (tag ${contract}@*) cannot be found: run git fetch --unshallow --tags (GitHub Actions: actions/checkout with fetch-depth: 0)`,
  );
}

/**
 * The last release of the contract in the git repository at `root`: the newest tag `<contract name>@<version>`
 * reachable from HEAD, or, while the contract is still at 0.0.0 (never released), the merge base of HEAD with
 * the changesets' base branch. Throws a {@link CheckBreakingError} saying what to fetch when neither is there.
 */
export async function findBaseline(root: string): Promise<Baseline> {
  const manifest = JSON.parse(readFileSync(path.join(root, CONTRACT_PACKAGE), "utf8")) as {
    name: string;
    version: string;
  };
  if ((await git(root, ["rev-parse", "--git-dir"])) === undefined) {
    throw new CheckBreakingError(
      `${root} is not a git repository: run pnpm check:breaking in a clone of the repository`,
    );
  }
  const tags = ((await git(root, ["tag", "--merged", "HEAD", "--list", `${manifest.name}@*`])) ?? "")
    .split("\n")
    .filter(Boolean)
    .sort((a, b) => compareVersions(b.slice(manifest.name.length + 1), a.slice(manifest.name.length + 1)));
  const newest = tags[0];
  if (newest) return { ref: `refs/tags/${newest}`, label: `the tag ${newest}`, released: true };
  if (manifest.version !== "0.0.0") {
    // A released contract has a tag; a shallow clone may just not have fetched it.
    if (await isShallow(root)) throw shallowClone(manifest.name);
    throw new CheckBreakingError(
      `${manifest.name} is at ${manifest.version} but no tag ${manifest.name}@* is reachable from HEAD: run git fetch --tags (a first version is published and tagged by hand, see docs/releasing.md)`,
    );
  }
  const config = JSON.parse(readFileSync(path.join(root, ".changeset/config.json"), "utf8")) as { baseBranch?: string };
  const branch = config.baseBranch ?? "main";
  for (const candidate of [branch, `origin/${branch}`]) {
    const base = await git(root, ["merge-base", "HEAD", candidate]);
    if (base)
      return {
        ref: base,
        label: `the merge base with ${candidate} (${base.slice(0, 10)}; nothing released yet)`,
        released: false,
      };
  }
  if (await isShallow(root)) throw shallowClone(manifest.name);
  throw new CheckBreakingError(
    `no release tag ${manifest.name}@* and no branch ${branch} to compare with: run git fetch origin ${branch} --tags`,
  );
}

async function fileAt(root: string, ref: string, file: string): Promise<string | undefined> {
  return git(root, ["show", `${ref}:${file}`]);
}

/** The outcome of the check: whether it passed and the lines to print. */
export interface CheckResult {
  ok: boolean;
  lines: string[];
}

/**
 * Runs the check in the repository at `root`: the contract in the working tree against {@link findBaseline}'s,
 * and the bumps of the pending changesets (plus any version already bumped since the baseline) against what the
 * changes need, for every published package.
 */
export async function checkBreaking(root: string): Promise<CheckResult> {
  const baseline = await findBaseline(root);
  const baseText = await fileAt(root, baseline.ref, CONTRACT);
  if (baseText === undefined) {
    throw new CheckBreakingError(`${CONTRACT} does not exist at ${baseline.label}: compare with a release that has it`);
  }
  let headText: string;
  try {
    headText = readFileSync(path.join(root, CONTRACT), "utf8");
  } catch {
    throw new CheckBreakingError(`${CONTRACT} cannot be read: run pnpm check:breaking at the repository's root`);
  }
  let diff: Awaited<ReturnType<typeof diffContracts>>;
  try {
    diff = await diffContracts(baseText, headText, { base: `${CONTRACT} at ${baseline.label}`, head: CONTRACT });
  } catch (error) {
    if (error instanceof ContractParseError) throw new CheckBreakingError(`${error.message}: fix it and run again`);
    throw error;
  }

  // Before the first release a break reaches no user: the packages' first-release changesets describe the new
  // behaviour (a minor, docs/releasing.md), and the breaks are listed so that the change is deliberate.
  const needed: Bump =
    diff.breaking.length && baseline.released
      ? "major"
      : diff.breaking.length || diff.additive.length
        ? "minor"
        : "none";
  const packages = publishedPackages(root);
  const have = new Map<string, Bump>(packages.map((name) => [name, "none"]));
  for (const changeset of await readChangesets(root)) {
    for (const release of changeset.releases) {
      const current = have.get(release.name);
      if (current !== undefined && release.type !== "none") have.set(release.name, larger(current, release.type));
    }
  }
  for (const dir of readdirSync(path.join(root, "packages"))) {
    const file = `packages/${dir}/package.json`;
    let now: { name?: string; version?: string };
    try {
      now = JSON.parse(readFileSync(path.join(root, file), "utf8"));
    } catch {
      continue;
    }
    const current = now.name === undefined ? undefined : have.get(now.name);
    if (current === undefined || !now.name || !now.version) continue;
    const then = await fileAt(root, baseline.ref, file);
    const before = then === undefined ? undefined : (JSON.parse(then) as { version?: string }).version;
    have.set(now.name, larger(current, versionBump(before, now.version)));
  }

  const lines: string[] = [];
  const summary = `${diff.breaking.length} breaking, ${diff.additive.length} other, ${diff.documentation.length} documentation change(s)`;
  for (const change of diff.safe) lines.push(`  safe: ${change.operation} ${change.pointer}: ${change.why}`);
  if (!baseline.released) {
    for (const change of diff.breaking) {
      lines.push(`  breaking, but nothing is released yet: ${change.operation} ${change.pointer}: ${change.why}`);
    }
  }
  const short = packages.filter((name) => ORDER.indexOf(have.get(name) ?? "none") < ORDER.indexOf(needed));
  if (short.length === 0) {
    lines.unshift(`check:breaking: ${CONTRACT} against ${baseline.label}: ${summary}; the changesets cover it.`);
    return { ok: true, lines };
  }
  const status = short.map((name) => `${name} has ${have.get(name)}`).join(", ");
  if (needed === "major") {
    lines.unshift(
      `check:breaking: ${diff.breaking.length} breaking change(s) in ${CONTRACT} since ${baseline.label} need a major changeset for ${packages.join(", ")} (${status}):`,
    );
    for (const change of diff.breaking) lines.push(`  BREAKING ${change.operation} ${change.pointer}: ${change.why}`);
    lines.push(
      `Add a changeset with ${packages.map((name) => `"${name}": major`).join(", ")} that says how to migrate, or undo the change.`,
    );
  } else {
    lines.unshift(
      `check:breaking: ${CONTRACT} changed since ${baseline.label} (${summary}), which needs at least a minor changeset for ${packages.join(", ")} (${status}):`,
    );
    for (const pointer of diff.additive.slice(0, 10)) lines.push(`  changed ${pointer}`);
    if (diff.additive.length > 10) lines.push(`  … and ${diff.additive.length - 10} more`);
    lines.push(`Add a changeset with ${packages.map((name) => `"${name}": minor`).join(", ")} describing the change.`);
  }
  return { ok: false, lines };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(process.argv[2] ?? process.cwd());
  checkBreaking(root).then(
    (result) => {
      for (const line of result.lines) (result.ok ? console.log : console.error)(line);
      process.exitCode = result.ok ? 0 : 1;
    },
    (error: unknown) => {
      if (error instanceof CheckBreakingError) console.error(`check:breaking: ${error.message}`);
      else console.error("check:breaking: failed:", error);
      process.exitCode = 2;
    },
  );
}
