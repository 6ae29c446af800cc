import { describe, expect, it } from "vitest";
import { renderPendingChangelogs } from "../src/render-changelogs";
import { publishedPackages, WORKSPACE_ROOT } from "../src/workspace";

// docs/releasing.md, "Before a package's first release": a package at 0.0.0 has never been published, so its
// first CHANGELOG describes what it offers, not fixes to behaviour nobody received: a fix before then edits the
// changeset of the feature it fixes (or the "First release" one) instead of adding a patch changeset.
const rendered = await renderPendingChangelogs(WORKSPACE_ROOT);
const published = new Set((await publishedPackages(WORKSPACE_ROOT)).map((pkg) => pkg.manifest.name));
const firstReleases = rendered.filter(
  (release) => published.has(release.name) && release.from === "0.0.0" && release.changelog !== undefined,
);

// How a changeset tells what changed since unreleased code: "migrate", "no longer", "(it was a 404)", "now" (but not
// the option `now`), "the old answers".
const NOTES = /migrat|pre-?release|no longer|\((it )?was |\bbefore:|(?<![`\w.])now(?![`\w(])|\bthe old\b/i;

describe("the CHANGELOG `changeset version` renders from the pending changesets", () => {
  it("leaves private packages unversioned and without a CHANGELOG", () => {
    for (const release of rendered.filter((release) => !published.has(release.name))) {
      expect(release, release.name).toMatchObject({ to: release.from, changelog: undefined });
    }
  });

  it.skipIf(firstReleases.length === 0).each(firstReleases.map((release) => [release.name, release] as const))(
    "gives %s one coherent first release, 1.0.0: its major 'First release' entry and features, no fixes to unpublished behaviour",
    (name, release) => {
      const changelog = release.changelog ?? "";
      // changeset version adds "Updated dependencies" when a workspace dependency is released too: not a fix.
      const sections = changelog
        .split(/^### /m)
        .slice(1)
        .map((section) => ({
          title: section.split("\n")[0],
          entries: section
            .split("\n")
            .filter((line) => line.startsWith("- ") && !line.startsWith("- Updated dependencies")),
        }));
      // The first release is 1.0.0 (the contract's info.version): `<package>-initial.md` is the package's major,
      // and covers any break made before it (README.md, "Breaking changes").
      expect(release.to, name).toBe("1.0.0");
      expect(changelog.match(/^## /gm), name).toHaveLength(1);
      const withEntries = sections.filter((section) => section.entries.length > 0);
      expect(
        withEntries.map((section) => section.title).filter((title) => title !== "Minor Changes"),
        `${name}: a first release is its major "First release" entry and features; a patch before it fixes behaviour nobody received, so fold it into the feature's changeset`,
      ).toEqual(["Major Changes"]);
      const major = withEntries.find((section) => section.title === "Major Changes")?.entries ?? [];
      expect(major, `${name}: the one major entry is "First release of \`${name}\`"`).toHaveLength(1);
      // The generator's links come first: `- [#12](…) [\`abc1234\`](…) Thanks [@login](…)! - First release of …`.
      expect(major[0]).toMatch(new RegExp(`^- (.* - )?First release of \`${name}\``));
    },
  );

  it.skipIf(firstReleases.length === 0).each(firstReleases.map((release) => [release.name, release] as const))(
    "gives %s a first CHANGELOG without migration notes or measured figures, which only a later release can have",
    (name, release) => {
      const changelog = release.changelog ?? "";
      // Nobody has the unreleased code to migrate from; sizes live in the README, where a test keeps them measured.
      const notes = changelog.split("\n").filter((line) => NOTES.test(line) || /\d B\b/.test(line));
      expect(notes, `${name}: describe what the first release offers, not how it differs from unreleased code`).toEqual(
        [],
      );
    },
  );

  it("rewrites only the versions of released packages' package.json, and no other file's layout", () => {
    for (const release of rendered) {
      const expected =
        release.to === release.from
          ? release.manifest.before
          : release.manifest.before.replace(`"version": "${release.from}"`, `"version": "${release.to}"`);
      expect(release.manifest.after, `${release.name}: changeset version rewrote its package.json`).toBe(expected);
    }
  });
});
