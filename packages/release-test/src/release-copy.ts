import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readdirSync, symlinkSync } from "node:fs";
import path from "node:path";

// Installed state inside root node_modules that is shared through a link instead of copied.
const SHARED_STORE = ".pnpm";
// Tool caches under node_modules: not part of an install, and large (this package keeps Verdaccio there).
const CACHES = new Set([".cache", ".vite", ".vite-temp", ".vitest"]);

/** Files of `root` that a clean clone would have (tracked, or new and not ignored) under `prefixes`. */
function sourceFiles(root: string, prefixes: readonly string[]): string[] {
  const listed = execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], {
    cwd: root,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  return listed
    .split("\0")
    .filter((file) => file !== "" && existsSync(path.join(root, file)))
    .filter((file) => (!file.includes("/") ? true : prefixes.some((prefix) => file.startsWith(`${prefix}/`))));
}

/** Copies the installed `from` node_modules to `to`, links kept as links, without tool caches and the pnpm store. */
function copyModules(from: string, to: string): void {
  if (!existsSync(from)) return;
  mkdirSync(to, { recursive: true });
  for (const entry of readdirSync(from)) {
    if (CACHES.has(entry) || entry === SHARED_STORE) continue;
    cpSync(path.join(from, entry), path.join(to, entry), { recursive: true, verbatimSymlinks: true });
  }
}

/**
 * Copies the root files, `.changeset/` and `packageDirs` of the workspace at `root` into `dest`, so the
 * release can version and publish there without touching the real checkout (no version bumps, deleted
 * changesets or git tags in it). `packageDirs` must hold every workspace package the others depend on
 * (see `withWorkspaceDependencies`), or `pnpm install` cannot resolve their `workspace:` ranges. Installed
 * dependencies are reused: each package's node_modules is copied as links, and root node_modules shares
 * the pnpm store folder through one symlink.
 */
export function copyWorkspaceForRelease(root: string, dest: string, packageDirs: readonly string[]): void {
  for (const file of sourceFiles(root, [".changeset", "scripts", ...packageDirs])) {
    mkdirSync(path.dirname(path.join(dest, file)), { recursive: true });
    cpSync(path.join(root, file), path.join(dest, file), { verbatimSymlinks: true });
  }
  for (const dir of packageDirs)
    copyModules(path.join(root, dir, "node_modules"), path.join(dest, dir, "node_modules"));
  copyModules(path.join(root, "node_modules"), path.join(dest, "node_modules"));
  symlinkSync(path.join(root, "node_modules", SHARED_STORE), path.join(dest, "node_modules", SHARED_STORE));
}

/**
 * Copies the files of the workspace package at `root/dir` that a clean clone would have into `dest`, without its
 * node_modules: what a user gets with `cp -r` from a fresh clone.
 */
export function copyPackageSources(root: string, dir: string, dest: string): void {
  for (const file of sourceFiles(root, [dir])) {
    if (!file.startsWith(`${dir}/`)) continue;
    const target = path.join(dest, file.slice(dir.length + 1));
    mkdirSync(path.dirname(target), { recursive: true });
    cpSync(path.join(root, file), target, { verbatimSymlinks: true });
  }
}

/** Makes `dir` a git repository with everything committed, as the release runs on a clean checkout. */
export function commitAll(dir: string, message: string): void {
  const git = (...args: string[]) =>
    execFileSync("git", ["-c", "user.name=release-test", "-c", "user.email=release-test@petstore.example", ...args], {
      cwd: dir,
      stdio: "pipe",
    });
  git("init", "-q", "-b", "main");
  git("add", "-A");
  git("commit", "-q", "-m", message);
}

/** The git tags of the repository at `dir`. */
export function gitTags(dir: string): string[] {
  return execFileSync("git", ["tag", "--list"], { cwd: dir, encoding: "utf8" }).split("\n").filter(Boolean);
}
