import { readdir, readFile } from "node:fs/promises";
import path from "node:path";

/** A changeset bump type. */
export type BumpType = "major" | "minor" | "patch";

const ORDER: BumpType[] = ["patch", "minor", "major"];

/** The largest bump each package gets from the pending changesets in `changesetDir`. */
export async function pendingBumps(changesetDir: string): Promise<Map<string, BumpType>> {
  const bumps = new Map<string, BumpType>();
  for (const file of await readdir(changesetDir)) {
    if (!file.endsWith(".md") || file === "README.md") continue;
    const text = await readFile(path.join(changesetDir, file), "utf8");
    const frontmatter = /^---\n([\s\S]*?)\n---/.exec(text)?.[1] ?? "";
    for (const match of frontmatter.matchAll(/^["']?([^"':]+)["']?\s*:\s*(major|minor|patch)\s*$/gm)) {
      const name = match[1] ?? "";
      const type = match[2] as BumpType;
      const previous = bumps.get(name);
      if (!previous || ORDER.indexOf(type) > ORDER.indexOf(previous)) bumps.set(name, type);
    }
  }
  return bumps;
}
