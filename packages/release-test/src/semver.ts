/** The next version of a plain `major.minor.patch` version for a changeset bump type. */
export function bump(version: string, type: "major" | "minor" | "patch"): string {
  const match = /^(\d+)\.(\d+)\.(\d+)$/.exec(version);
  if (!match) throw new Error(`[@petstore/release-test] not a plain semver version: ${version}`);
  const [major, minor, patch] = match.slice(1).map(Number) as [number, number, number];
  if (type === "major") return `${major + 1}.0.0`;
  if (type === "minor") return `${major}.${minor + 1}.0`;
  return `${major}.${minor}.${patch + 1}`;
}
