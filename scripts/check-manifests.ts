// Run by `pnpm release` before anything is published: `tsx scripts/check-manifests.ts`.
// npm rejects a provenance statement (E422) when the manifest has no `repository` naming the repository the
// workflow ran in, and exact dependency pins stop consumers deduping, so both stop the release here.
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** The fields of a package.json this check reads. */
export interface PublishedManifest {
  name?: string;
  private?: boolean;
  repository?: unknown;
  homepage?: unknown;
  bugs?: unknown;
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  exports?: unknown;
  files?: string[];
  publishConfig?: { exports?: unknown; [field: string]: unknown };
  typesVersions?: Record<string, Record<string, string[]>>;
}

/** The export condition that points the workspace's tests and tools at a package's TypeScript sources. */
export const SOURCE_CONDITION = "@petstore/source";

/**
 * `exports` as published: without the {@link SOURCE_CONDITION} condition, whose `src/` files are not in the tarball.
 * pnpm publishes `publishConfig.exports` in place of `exports`, so that is where this goes.
 */
export function publishedExports(exports: unknown): unknown {
  if (!isRecord(exports)) return exports;
  return Object.fromEntries(
    Object.entries(exports)
      .filter(([key]) => key !== SOURCE_CONDITION)
      .map(([key, value]) => [key, publishedExports(value)]),
  );
}

const HTTPS_URL = /^https:\/\/[^\s/]+\/\S*$/;
// `git+https://host/owner/repo.git` or `https://host/owner/repo`: what npm and provenance accept.
const REPOSITORY_URL = /^(git\+)?https:\/\/[^\s/]+\/[^\s/]+\/[^\s/]+?(\.git)?$/;
// A bare version (`1.2.3`, `=1.2.3`, `v1.2.3`) pins one release; a consumer with another copy cannot dedupe.
const EXACT_VERSION = /^[=v]?\d+\.\d+\.\d+(-[\w.-]+)?$/;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * What is wrong with the manifest of the package published from `dir` (its folder relative to the repository
 * root): a missing or unusable `repository` (with `directory` = `dir`), `homepage` or `bugs`, exact version
 * pins in `dependencies` or `peerDependencies`, and a typed subpath export without a `typesVersions` entry
 * (TypeScript's `moduleResolution: "node10"` ignores `exports`). Empty when it is ready to publish.
 */
export function manifestProblems(manifest: PublishedManifest, dir: string): string[] {
  const problems: string[] = [];
  const repository = manifest.repository;
  if (!isRecord(repository)) {
    problems.push(
      `"repository" is missing: npm refuses provenance without it; add { "type": "git", "url": "git+https://github.com/<owner>/<repo>.git", "directory": "${dir}" }`,
    );
  } else {
    if (repository.type !== "git") problems.push(`"repository.type" must be "git"`);
    if (typeof repository.url !== "string" || !REPOSITORY_URL.test(repository.url)) {
      problems.push(
        `"repository.url" must be the repository's https URL (git+https://github.com/<owner>/<repo>.git), got ${JSON.stringify(repository.url)}`,
      );
    }
    if (repository.directory !== dir)
      problems.push(`"repository.directory" must be "${dir}", got ${JSON.stringify(repository.directory)}`);
  }
  if (typeof manifest.homepage !== "string" || !HTTPS_URL.test(manifest.homepage)) {
    problems.push(`"homepage" must be an https URL (the package's README), got ${JSON.stringify(manifest.homepage)}`);
  }
  const bugs = isRecord(manifest.bugs) ? manifest.bugs.url : manifest.bugs;
  if (typeof bugs !== "string" || !HTTPS_URL.test(bugs)) {
    problems.push(`"bugs" must be { "url": "<https URL of the issue tracker>" }, got ${JSON.stringify(manifest.bugs)}`);
  }
  for (const field of ["dependencies", "peerDependencies"] as const) {
    for (const [name, range] of Object.entries(manifest[field] ?? {})) {
      if (EXACT_VERSION.test(range))
        problems.push(
          `"${field}.${name}" pins ${range} exactly: use "^${range.replace(/^[=v]/, "")}" so consumers can dedupe`,
        );
    }
  }
  if (manifest.files?.some((entry) => /^(\.\/)?src(\/|$)/.test(entry))) {
    problems.push(`"files" lists "src": the tarball must ship dist only (remove "src" from "files")`);
  }
  if (JSON.stringify(manifest.exports ?? {}).includes(`"${SOURCE_CONDITION}"`)) {
    const expected = publishedExports(manifest.exports);
    if (JSON.stringify(manifest.publishConfig?.exports) !== JSON.stringify(expected)) {
      problems.push(
        `"publishConfig.exports" must be "exports" without the "${SOURCE_CONDITION}" condition, which points at src/ (not published): run tsx scripts/check-manifests.ts --write`,
      );
    }
  }
  const mapped = manifest.typesVersions?.["*"] ?? {};
  for (const [subpath, target] of Object.entries(isRecord(manifest.exports) ? manifest.exports : {})) {
    if (subpath === "." || !JSON.stringify(target).includes('"types"')) continue;
    const name = subpath.replace(/^\.\//, "");
    if (!mapped[name]?.length) {
      problems.push(
        `"exports" has "${subpath}" with types but "typesVersions" has no "*": { "${name}": [...] } entry, so moduleResolution node10 cannot find it`,
      );
    }
  }
  return problems;
}

/**
 * Every public package under `root/packages`, with the problems of its manifest. With `write`, first sets each
 * one's `publishConfig.exports` to its `exports` without the source condition (see {@link publishedExports}).
 */
export function checkPublishedManifests(
  root: string,
  { write = false } = {},
): { dir: string; name: string; problems: string[] }[] {
  const results = [];
  for (const entry of readdirSync(path.join(root, "packages"), { withFileTypes: true })) {
    const dir = `packages/${entry.name}`;
    const file = path.join(root, dir, "package.json");
    if (!entry.isDirectory() || !existsSync(file)) continue;
    const text = readFileSync(file, "utf8");
    const manifest = JSON.parse(text) as PublishedManifest;
    if (manifest.private === true) continue;
    if (write && JSON.stringify(manifest.exports ?? {}).includes(`"${SOURCE_CONDITION}"`)) {
      manifest.publishConfig = { ...manifest.publishConfig, exports: publishedExports(manifest.exports) };
      const updated = `${JSON.stringify(manifest, null, 2)}\n`;
      if (updated !== text) writeFileSync(file, updated);
    }
    results.push({ dir, name: manifest.name ?? dir, problems: manifestProblems(manifest, dir) });
  }
  return results;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const write = args.includes("--write");
  const rootArg = args.find((arg) => arg !== "--write");
  const root = path.resolve(rootArg ?? path.join(path.dirname(fileURLToPath(import.meta.url)), ".."));
  const results = checkPublishedManifests(root, { write });
  const failed = results.filter((result) => result.problems.length > 0);
  for (const { dir, name, problems } of failed) {
    for (const problem of problems) console.error(`[check-manifests] ${name} (${dir}/package.json): ${problem}`);
  }
  if (failed.length > 0 || results.length === 0) {
    if (results.length === 0) console.error(`[check-manifests] no public package under ${root}/packages`);
    process.exit(1);
  }
  console.log(
    `[check-manifests] ${results.map((result) => result.name).join(", ")}: repository, homepage, bugs, ranges, files and exports ready to publish`,
  );
}
