import { codeBlocks } from "./markdown";

/** The commands an example app's README gives for using a copy of it outside the repository. */
export interface ExampleSetup {
  /** The folder the README copies (`apps/examples/node`). */
  source: string;
  /** The `workspace:` dependency fields the README points at the registry: `dependencies.@petstore/client` → `^1.0.0`. */
  ranges: Map<string, string>;
  /** Every command after `npm pkg set`, each as its words: `["npm", "install"]`, `["npm", "test"]`, … */
  commands: string[][];
}

const SECTION = "## Outside this repository";

/**
 * Reads the shell block of the README's "Outside this repository" section: `cp -r <source> <dest> && cd <dest>`,
 * then `npm pkg set <field>=<range> …`, then npm commands joined by `&&`. Anything else is an error, so the
 * release test runs what the README says or fails.
 */
export function exampleSetup(readme: string): ExampleSetup {
  const start = readme.indexOf(`\n${SECTION}\n`);
  if (start < 0) throw new Error(`[@petstore/release-test] the README has no "${SECTION}" section`);
  const block = codeBlocks(readme.slice(start)).find((candidate) => candidate.lang === "sh");
  const [copy, set, ...rest] = (block?.code ?? "").trim().split("\n");
  const source = /^cp -r (\S+) (\S+) && cd \2$/.exec(copy ?? "")?.[1];
  if (!source)
    throw new Error(
      `[@petstore/release-test] the README's copy line is not "cp -r <dir> <dest> && cd <dest>": ${copy}`,
    );
  const [npm, pkg, verb, ...assignments] = (set ?? "").split(/\s+/);
  if (`${npm} ${pkg} ${verb}` !== "npm pkg set" || assignments.length === 0) {
    throw new Error(`[@petstore/release-test] the README's second line is not "npm pkg set <field>=<range> …": ${set}`);
  }
  const ranges = new Map(
    assignments.map((assignment) => {
      const equals = assignment.indexOf("=");
      return [assignment.slice(0, equals), assignment.slice(equals + 1)] as const;
    }),
  );
  const commands = rest.flatMap((line) => line.split(" && ")).map((command) => command.trim().split(/\s+/));
  for (const words of commands) {
    if (words[0] !== "npm")
      throw new Error(`[@petstore/release-test] the README runs something other than npm: ${words.join(" ")}`);
  }
  return { source, ranges, commands };
}
