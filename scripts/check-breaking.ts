// `pnpm check:breaking` (part of `pnpm lint`, so of `pnpm test`): compares packages/contract/openapi.yaml with the
// version of the last release and fails when the published packages are not bumped enough: a breaking change needs
// a `major`, any other change but documentation a `minor`, before the first release too. The bump is the pending
// changesets', or, once `pnpm version-packages` has consumed them, the new versions' over the last release's.
// README.md, "Breaking changes", has the rule set; scripts/breaking/diff.ts the comparison.
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
const UNRELEASED = "0.0.0";
const WORKING_TREE = "the working tree";

/** A bump, from smallest to largest. */
export type Bump = "none" | "patch" | "minor" | "major";
const ORDER: Bump[] = ["none", "patch", "minor", "major"];
const larger = (a: Bump, b: Bump): Bump => (ORDER.indexOf(a) >= ORDER.indexOf(b) ? a : b);

/** A reason the check cannot run; printed as one line, exit code 2. */
export class CheckBreakingError extends Error {
  override name = "CheckBreakingError";
}

/** A version of the contract: a git revision, or the working tree when `ref` is undefined. */
export interface Revision {
  ref: string | undefined;
  /** `the tag @petstore/contract@1.2.0`, `the merge base with main (…; nothing released yet)`, … */
  label: string;
}

/** The release the contract is compared with: a git revision and how it was found. */
export interface Baseline extends Revision {
  ref: string;
  /** Whether it is a published release (a tag), or, before the first release, the merge base with main. */
  released: boolean;
  /**
   * Set when `pnpm version-packages` has bumped the contract's version since the baseline and that version has no
   * tag yet (the version pull request, or `main` between its merge and the publish): the commit that bumped it (or
   * the working tree). The new versions cover the contract up to that commit; later changes need changesets.
   */
  versioned?: Revision & { from: string; to: string };
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

/** `root`/`file` parsed as JSON, or a {@link CheckBreakingError} naming the file. */
function readJson<T>(root: string, file: string): T {
  try {
    return JSON.parse(readFileSync(path.join(root, file), "utf8")) as T;
  } catch (error) {
    const why = error instanceof Error ? (error.message.split("\n")[0] ?? "") : String(error);
    throw new CheckBreakingError(
      `${file} cannot be read (${why.replace(`${root}${path.sep}`, "")}): run pnpm check:breaking at the repository's root`,
    );
  }
}

async function isShallow(root: string): Promise<boolean> {
  return (await git(root, ["rev-parse", "--is-shallow-repository"])) === "true";
}

function shallowClone(contract: string): CheckBreakingError {
  return new CheckBreakingError(
    `this clone is shallow, so the last release (tag ${contract}@*) cannot be found: run git fetch --unshallow --tags (GitHub Actions: actions/checkout with fetch-depth: 0)`,
  );
}

async function fileAt(root: string, ref: string | undefined, file: string): Promise<string | undefined> {
  if (ref === undefined) {
    try {
      return readFileSync(path.join(root, file), "utf8");
    } catch {
      return undefined;
    }
  }
  return git(root, ["show", `${ref}:${file}`]);
}

async function versionAt(root: string, ref: string | undefined, file: string): Promise<string | undefined> {
  const text = await fileAt(root, ref, file);
  if (text === undefined) return undefined;
  try {
    const version = (JSON.parse(text) as { version?: unknown }).version;
    return typeof version === "string" ? version : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Where the contract package's current version was set: the newest commit (or the working tree) that changed
 * packages/contract/package.json's version to the one it has now, and the version it had before (undefined when
 * the file was created with it).
 */
async function versionChange(
  root: string,
  now: string,
): Promise<{ ref: string | undefined; previous: string | undefined }> {
  const head = await versionAt(root, "HEAD", CONTRACT_PACKAGE);
  if (head !== now) return { ref: undefined, previous: head };
  const commits = ((await git(root, ["log", "--format=%H", "HEAD", "--", CONTRACT_PACKAGE])) ?? "")
    .split("\n")
    .filter(Boolean);
  let since: string | undefined;
  for (const commit of commits) {
    const version = await versionAt(root, commit, CONTRACT_PACKAGE);
    if (version !== now) return { ref: since, previous: version };
    since = commit;
  }
  return { ref: since, previous: undefined };
}

async function isAncestor(root: string, ancestor: string, of: string): Promise<boolean> {
  try {
    await run("git", ["merge-base", "--is-ancestor", ancestor, of], { cwd: root });
    return true;
  } catch {
    return false;
  }
}

async function mergeBase(root: string, name: string): Promise<Baseline> {
  const config = readJson<{ baseBranch?: string }>(root, ".changeset/config.json");
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
  if (await isShallow(root)) throw shallowClone(name);
  throw new CheckBreakingError(
    `no release tag ${name}@* and no branch ${branch} to compare with: run git fetch origin ${branch} --tags`,
  );
}

/**
 * The last release of the contract in the git repository at `root`: the newest tag `<contract name>@<version>`
 * reachable from HEAD, or, before the first release, the merge base of HEAD with the changesets' base branch.
 * When the contract's version has moved past that release (`pnpm version-packages` ran, nothing published yet),
 * the version before the bump must be the release's (a tag, or 0.0.0 before the first release); otherwise a
 * release exists whose tag is missing, and this throws a {@link CheckBreakingError} saying to fetch the tags, as
 * it does when nothing to compare with can be found.
 */
export async function findBaseline(root: string): Promise<Baseline> {
  const { name, version } = readJson<{ name?: unknown; version?: unknown }>(root, CONTRACT_PACKAGE);
  if (typeof name !== "string" || typeof version !== "string") {
    throw new CheckBreakingError(`${CONTRACT_PACKAGE} has no name or no version: restore them`);
  }
  if ((await git(root, ["rev-parse", "--git-dir"])) === undefined) {
    throw new CheckBreakingError(
      `${root} is not a git repository: run pnpm check:breaking in a clone of the repository`,
    );
  }
  const tags = ((await git(root, ["tag", "--merged", "HEAD", "--list", `${name}@*`])) ?? "")
    .split("\n")
    .filter(Boolean)
    .sort((a, b) => compareVersions(b.slice(name.length + 1), a.slice(name.length + 1)));
  const newest = tags[0];
  const released = newest?.slice(name.length + 1);
  if (newest && released === version) return { ref: `refs/tags/${newest}`, label: `the tag ${newest}`, released: true };
  if (!newest && version === UNRELEASED) return mergeBase(root, name);

  // The version has moved since the last release: by `pnpm version-packages` (not published yet), or past a
  // release whose tag this clone lacks. Only the first may pass: the version it was bumped from is the release's.
  const expected = released ?? UNRELEASED;
  if (compareVersions(version, expected) < 0) {
    throw new CheckBreakingError(
      `${name} is at ${version}, below its release tag ${newest}: set its version back to ${expected} or check out a later commit`,
    );
  }
  const change = await versionChange(root, version);
  if (change.previous !== expected) {
    if (await isShallow(root)) throw shallowClone(name);
    const missing =
      change.previous !== undefined && compareVersions(change.previous, expected) > 0 ? change.previous : version;
    throw new CheckBreakingError(
      `${name} is at ${version}, so ${name}@${missing} was released, but no tag ${name}@${missing} is reachable from HEAD (${newest ? `the newest is ${newest}` : "there is none"}): run git fetch --tags (a first version is published and tagged by hand, see docs/releasing.md)`,
    );
  }
  const baseline: Baseline = newest
    ? { ref: `refs/tags/${newest}`, label: `the tag ${newest}`, released: true }
    : await mergeBase(root, name);
  // Before the first release, a version commit already on main is where main is: nothing of it is compared.
  if (change.ref !== undefined && (await isAncestor(root, change.ref, baseline.ref))) return baseline;
  const where = change.ref === undefined ? WORKING_TREE : `the version commit ${change.ref.slice(0, 10)}`;
  return {
    ...baseline,
    versioned: { ref: change.ref, label: `${where} (${version}, not published yet)`, from: expected, to: version },
  };
}

/** The outcome of the check: whether it passed and the lines to print. */
export interface CheckResult {
  ok: boolean;
  lines: string[];
}

/** What one comparison found and what it needs of every published package. */
interface Comparison {
  from: Revision;
  to: Revision;
  /** What covers it: the pending changesets, or the versions `pnpm version-packages` set. */
  by: "changeset" | "version";
  have: Map<string, Bump>;
  diff: Awaited<ReturnType<typeof diffContracts>>;
}

async function compare(root: string, from: Revision, to: Revision): Promise<Comparison["diff"]> {
  const baseText = await fileAt(root, from.ref, CONTRACT);
  if (baseText === undefined) {
    throw new CheckBreakingError(`${CONTRACT} does not exist at ${from.label}: compare with a release that has it`);
  }
  const headText = await fileAt(root, to.ref, CONTRACT);
  if (headText === undefined) {
    throw new CheckBreakingError(`${CONTRACT} cannot be read: run pnpm check:breaking at the repository's root`);
  }
  const head = to.label === WORKING_TREE ? CONTRACT : `${CONTRACT} at ${to.label}`;
  try {
    return await diffContracts(baseText, headText, { base: `${CONTRACT} at ${from.label}`, head });
  } catch (error) {
    if (error instanceof ContractParseError) throw new CheckBreakingError(`${error.message}: fix it and run again`);
    throw error;
  }
}

/** The largest bump the pending changesets give each of `packages`. */
async function changesetBumps(root: string, packages: string[]): Promise<Map<string, Bump>> {
  const have = new Map<string, Bump>(packages.map((name) => [name, "none"]));
  let changesets: Awaited<ReturnType<typeof readChangesets>>;
  try {
    changesets = await readChangesets(root);
  } catch (error) {
    const why = error instanceof Error ? error.message.split("\n").find((line) => line.trim()) : String(error);
    const reason = why?.trim().replace(/\.$/, "");
    throw new CheckBreakingError(`a pending changeset in .changeset/ cannot be read (${reason}): fix its front matter`);
  }
  for (const changeset of changesets) {
    for (const release of changeset.releases) {
      const current = have.get(release.name);
      if (current !== undefined && release.type !== "none") have.set(release.name, larger(current, release.type));
    }
  }
  return have;
}

/** The bump each of `packages` got from revision `from` to revision `to` (package.json versions). */
async function versionBumps(root: string, packages: string[], from: string, to: string | undefined) {
  const have = new Map<string, Bump>(packages.map((name) => [name, "none"]));
  for (const dir of readdirSync(path.join(root, "packages"))) {
    const file = `packages/${dir}/package.json`;
    let name: string | undefined;
    try {
      name = (JSON.parse(readFileSync(path.join(root, file), "utf8")) as { name?: string }).name;
    } catch {
      continue;
    }
    if (name === undefined || !have.has(name)) continue;
    const after = await versionAt(root, to, file);
    if (after !== undefined) have.set(name, versionBump(await versionAt(root, from, file), after));
  }
  return have;
}

function needed(diff: Comparison["diff"]): Bump {
  if (diff.breaking.length) return "major";
  return diff.additive.length ? "minor" : "none";
}

function report(comparison: Comparison, packages: string[], released: boolean): CheckResult {
  const { diff, have, from, to, by } = comparison;
  const coveredBy = by === "changeset" ? "the changesets" : "the new versions";
  const need = needed(diff);
  const subject = to.label === WORKING_TREE ? CONTRACT : `${CONTRACT} at ${to.label}`;
  const lines: string[] = [];
  const summary = `${diff.breaking.length} breaking, ${diff.additive.length} other, ${diff.documentation.length} documentation change(s)`;
  for (const change of diff.safe) lines.push(`  safe: ${change.operation} ${change.pointer}: ${change.why}`);
  const short = packages.filter((name) => ORDER.indexOf(have.get(name) ?? "none") < ORDER.indexOf(need));
  if (short.length === 0) {
    for (const change of diff.breaking) {
      lines.push(`  breaking, covered by a major: ${change.operation} ${change.pointer}: ${change.why}`);
    }
    lines.unshift(`check:breaking: ${subject} against ${from.label}: ${summary}; ${coveredBy} cover it.`);
    return { ok: true, lines };
  }
  const status = short.map((name) => `${name} has ${have.get(name)}`).join(", ");
  const fix = by === "changeset" ? "Add a changeset with" : "Version the packages with a changeset of";
  if (need === "major") {
    const first = released ? "" : ", before the first release too (which a major makes 1.0.0)";
    lines.unshift(
      `check:breaking: ${diff.breaking.length} breaking change(s) in ${subject} since ${from.label} need a major ${by} for ${packages.join(", ")}${first} (${status}):`,
    );
    for (const change of diff.breaking) lines.push(`  BREAKING ${change.operation} ${change.pointer}: ${change.why}`);
    lines.push(
      `${fix} ${packages.map((name) => `"${name}": major`).join(", ")} that says how to migrate, or undo the change.`,
    );
  } else {
    lines.unshift(
      `check:breaking: ${subject} changed since ${from.label} (${summary}), which needs at least a minor ${by} for ${packages.join(", ")} (${status}):`,
    );
    for (const pointer of diff.additive.slice(0, 10)) lines.push(`  changed ${pointer}`);
    if (diff.additive.length > 10) lines.push(`  … and ${diff.additive.length - 10} more`);
    lines.push(`${fix} ${packages.map((name) => `"${name}": minor`).join(", ")} describing the change.`);
  }
  return { ok: false, lines };
}

/**
 * Runs the check in the repository at `root`: the contract in the working tree against {@link findBaseline}'s,
 * every published package's bump against what the changes need. The bump is the pending changesets'; when
 * `pnpm version-packages` has bumped the versions since the release, the new versions cover the contract as that
 * commit has it, and the pending changesets whatever changed after it.
 */
export async function checkBreaking(root: string): Promise<CheckResult> {
  const baseline = await findBaseline(root);
  const packages = publishedPackages(root);
  const current: Revision = { ref: undefined, label: WORKING_TREE };
  const changesets = await changesetBumps(root, packages);
  const comparisons: Comparison[] = [];
  const { versioned } = baseline;
  if (versioned) {
    const have = await versionBumps(root, packages, baseline.ref, versioned.ref);
    // A version bumped in the working tree is the whole change: its changesets may not be consumed yet.
    if (versioned.ref === undefined)
      for (const [name, bump] of changesets) have.set(name, larger(have.get(name) ?? "none", bump));
    const diff = await compare(root, baseline, versioned);
    comparisons.push({ from: baseline, to: versioned, by: "version", have, diff });
    if (versioned.ref !== undefined) {
      comparisons.push({
        from: versioned,
        to: current,
        by: "changeset",
        have: changesets,
        diff: await compare(root, versioned, current),
      });
    }
  } else {
    comparisons.push({
      from: baseline,
      to: current,
      by: "changeset",
      have: changesets,
      diff: await compare(root, baseline, current),
    });
  }
  const results = comparisons.map((comparison) => report(comparison, packages, baseline.released));
  return { ok: results.every((result) => result.ok), lines: results.flatMap((result) => result.lines) };
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
