import { describe, expect, it } from "vitest";
import { renderPendingChangelogs } from "../src/render-changelogs";
import { publishedPackages, WORKSPACE_ROOT } from "../src/workspace";

// docs/releasing.md, "Before the first release": a package at 0.0.0 has never been published, so its first
// CHANGELOG entry describes what it does, not fixes to behaviour nobody received. Changes before then edit
// the package's "First release" changeset instead of adding a patch changeset.
const rendered = await renderPendingChangelogs(WORKSPACE_ROOT);
const published = new Set((await publishedPackages(WORKSPACE_ROOT)).map((pkg) => pkg.manifest.name));
const firstReleases = rendered.filter((release) => published.has(release.name) && release.from === "0.0.0" && release.changelog !== undefined);

describe("the CHANGELOG `changeset version` renders from the pending changesets", () => {
  it("leaves private packages unversioned and without a CHANGELOG", () => {
    for (const release of rendered.filter((release) => !published.has(release.name))) {
      expect(release, release.name).toMatchObject({ to: release.from, changelog: undefined });
    }
  });

  it.skipIf(firstReleases.length === 0).each(firstReleases.map((release) => [release.name, release] as const))(
    "gives %s one coherent first release: one 'First release' entry, no patch fixes to unpublished behaviour",
    (name, release) => {
      const changelog = release.changelog ?? "";
      // changeset version adds "Updated dependencies" when a workspace dependency is released too: not a fix.
      const sections = changelog.split(/^### /m).slice(1).map((section) => ({
        title: section.split("\n")[0],
        entries: section.split("\n").filter((line) => line.startsWith("- ") && !line.startsWith("- Updated dependencies")),
      }));
      expect(release.to, name).toMatch(/^0\.1\.0$|^1\.0\.0$/);
      expect(changelog.match(/^## /gm), name).toHaveLength(1);
      const withEntries = sections.filter((section) => section.entries.length > 0);
      expect(
        withEntries.map((section) => `${section.title}: ${section.entries.length}`),
        `${name}: fold further changes into its "First release" changeset rather than adding a patch changeset`,
      ).toEqual([expect.stringMatching(/^(Minor|Major) Changes: 1$/)]);
      expect(withEntries[0]?.entries[0], name).toMatch(new RegExp(`^- (\\w+: )?First release of \`${name}\``));
    },
  );
});
