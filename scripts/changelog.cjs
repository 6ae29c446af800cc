// The changelog generator of `changeset version` (.changeset/config.json "changelog"). Each entry links its pull
// request, its commit and thanks its author, in @changesets/changelog-github's format, but from git alone, so it
// works offline (and in the release test): the commit is the one that added the changeset; the pull request is
// the "(#123)" a squash merge puts at the end of its subject, or the number of a "Merge pull request #123"; the
// author is the GitHub login of a `…@users.noreply.github.com` address, or else the author's name. A changeset
// may set them itself with first lines `pr: #123`, `commit: <sha>` or `author: @login` (as changelog-github reads).
// The repository comes from the published packages' `repository.url`.
const { execFileSync } = require("node:child_process");
const { existsSync, readdirSync, readFileSync } = require("node:fs");
const path = require("node:path");

/** Output of `git …` in `cwd`, or "" when git fails (no repository, unknown commit). */
function git(args, cwd) {
  try {
    return execFileSync("git", args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
  } catch {
    return "";
  }
}

/** `https://github.com/<owner>/<repo>` from the first published package's `repository.url` under `root/packages`. */
function repositoryUrl(root) {
  const dir = path.join(root, "packages");
  for (const name of existsSync(dir) ? readdirSync(dir).sort() : []) {
    const file = path.join(dir, name, "package.json");
    if (!existsSync(file)) continue;
    const manifest = JSON.parse(readFileSync(file, "utf8"));
    const url = typeof manifest.repository === "object" ? manifest.repository?.url : manifest.repository;
    if (manifest.private === true || typeof url !== "string") continue;
    return url.replace(/^git\+/, "").replace(/\.git$/, "");
  }
  return undefined;
}

/** The summary without its `pr:`, `commit:` and `author:` lines, and their values. */
function readOverrides(summary) {
  const overrides = {};
  const lines = summary.split("\n");
  while (lines.length > 0) {
    const match = /^\s*(pr|commit|author|user):\s*(\S+)\s*$/i.exec(lines[0] ?? "");
    if (!match) break;
    const key = match[1].toLowerCase() === "user" ? "author" : match[1].toLowerCase();
    overrides[key] = match[2];
    lines.shift();
  }
  return { overrides, summary: lines.join("\n").trim() };
}

/** The GitHub login of a GitHub no-reply address (`12345+login@users.noreply.github.com`), or undefined. */
function loginOf(email) {
  return /^(?:\d+\+)?([A-Za-z\d-]+)@users\.noreply\.github\.com$/.exec(email ?? "")?.[1];
}

/** Pull request, commit and author of a changeset, from its overrides and git. */
function provenance(changeset, overrides, cwd) {
  const commit = overrides.commit ?? changeset.commit;
  let pr = overrides.pr?.replace(/^#/, "");
  let author = overrides.author;
  if (commit && (!pr || !author)) {
    const [subject = "", name = "", email = ""] = git(["log", "-1", "--format=%s%x00%an%x00%ae", commit], cwd).split(
      "\0",
    );
    pr ??= /\(#(\d+)\)$/.exec(subject)?.[1] ?? /^Merge pull request #(\d+)/.exec(subject)?.[1];
    const login = loginOf(email);
    author ??= login ? `@${login}` : name || undefined;
  }
  return { commit, pr, author };
}

function links(repo, { commit, pr, author }) {
  const parts = [];
  if (pr) parts.push(repo ? `[#${pr}](${repo}/pull/${pr})` : `#${pr}`);
  if (commit) parts.push(repo ? `[\`${commit.slice(0, 7)}\`](${repo}/commit/${commit})` : `\`${commit.slice(0, 7)}\``);
  if (author) {
    const who = author.startsWith("@") ? `[${author}](https://github.com/${author.slice(1)})` : author;
    parts.push(`Thanks ${who}!`);
  }
  return parts.join(" ");
}

/** One CHANGELOG entry for a changeset: its links, then its summary (continuation lines indented). */
async function getReleaseLine(changeset) {
  const cwd = process.cwd();
  const { overrides, summary } = readOverrides(changeset.summary);
  const prefix = links(repositoryUrl(cwd), provenance(changeset, overrides, cwd));
  const [first = "", ...rest] = summary.split("\n");
  const body = [first, ...rest.map((line) => (line ? `  ${line}` : line))].join("\n");
  return `\n\n- ${prefix ? `${prefix} - ` : ""}${body}\n`;
}

/** The "Updated dependencies" entry of a package released because a workspace dependency was. */
async function getDependencyReleaseLine(changesets, dependenciesUpdated) {
  if (dependenciesUpdated.length === 0) return "";
  const repo = repositoryUrl(process.cwd());
  const commits = changesets
    .map((changeset) => changeset.commit)
    .filter(Boolean)
    .map((commit) => (repo ? `[\`${commit.slice(0, 7)}\`](${repo}/commit/${commit})` : `\`${commit.slice(0, 7)}\``));
  const header = `- Updated dependencies${commits.length ? ` [${commits.join(", ")}]` : ""}:`;
  return [header, ...dependenciesUpdated.map((dependency) => `  - ${dependency.name}@${dependency.newVersion}`)].join(
    "\n",
  );
}

module.exports = { default: { getReleaseLine, getDependencyReleaseLine } };
