import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { DomainsConfigError, loadDomainsConfig, validateDomainsConfig } from "../src/domains/config";

const valid = () => ({
  platformTarget: "cname.docs-platform.example",
  certificateAuthority: "letsencrypt.org",
  domains: [
    { name: "docs.petstore.example", primary: true },
    { name: "api-docs.petstore.example" },
    { name: "old-docs.petstore.example" },
  ],
  redirects: [
    { from: "api-docs.petstore.example", to: "docs.petstore.example", status: 301 },
    { from: "old-docs.petstore.example", to: "docs.petstore.example", status: 308 },
  ],
});

test("the checked-in domains.json is valid", async () => {
  const config = await loadDomainsConfig(new URL("../domains.json", import.meta.url).pathname);
  expect(config.domains.find((d) => d.primary)?.name).toBe("docs.petstore.example");
  expect(config.redirects).toEqual([{ from: "api-docs.petstore.example", to: "docs.petstore.example", status: 301 }]);
});

test("a primary with several one-hop redirects is valid", () => {
  expect(validateDomainsConfig(valid())).toEqual(valid());
});

type Change = (c: ReturnType<typeof valid>) => void;
const invalid: [string, Change, string][] = [
  [
    "two primaries",
    (c) => {
      c.domains[1]!.primary = true;
    },
    "2 domains are marked primary (docs.petstore.example, api-docs.petstore.example); a project has exactly one primary domain",
  ],
  [
    "no primary",
    (c) => {
      delete (c.domains[0] as { primary?: boolean }).primary;
    },
    'no domain has "primary": true',
  ],
  [
    "a redirect to itself",
    (c) => {
      c.redirects[0]!.to = "api-docs.petstore.example";
    },
    "redirect api-docs.petstore.example → api-docs.petstore.example redirects to itself; point it at the primary domain docs.petstore.example",
  ],
  [
    "a chain",
    (c) => {
      c.redirects[1]!.to = "api-docs.petstore.example";
    },
    "redirect old-docs.petstore.example → api-docs.petstore.example → docs.petstore.example is a chain; point old-docs.petstore.example straight at the primary docs.petstore.example",
  ],
  [
    "a 200 status",
    (c) => {
      (c.redirects[0] as { status: number }).status = 200;
    },
    "redirects.0.status must be one of 301, 302, 307, 308 (a 3xx redirect status), not 200",
  ],
  [
    "a 304 status",
    (c) => {
      (c.redirects[1] as { status: number }).status = 304;
    },
    "redirects.1.status must be one of 301, 302, 307, 308 (a 3xx redirect status), not 304",
  ],
  [
    "a redirect to a domain the project does not have",
    (c) => {
      c.redirects[0]!.to = "elsewhere.example";
    },
    "redirect api-docs.petstore.example → elsewhere.example: elsewhere.example is not in domains, and a removed domain serves nothing, so api-docs.petstore.example would redirect into an error; point it at the primary docs.petstore.example",
  ],
  [
    "the primary redirecting",
    (c) => {
      c.redirects[0]!.from = "docs.petstore.example";
      c.redirects[0]!.to = "api-docs.petstore.example";
    },
    "the primary domain cannot redirect",
  ],
  [
    "a redirect from an unlisted domain",
    (c) => {
      c.redirects[1]!.from = "new.petstore.example";
    },
    "new.petstore.example is not in domains. Removing a domain removes its redirect too",
  ],
  [
    "a domain that neither serves nor redirects",
    (c) => {
      c.redirects.pop();
    },
    'old-docs.petstore.example is neither the primary nor redirected; add { "from": "old-docs.petstore.example", "to": "docs.petstore.example", "status": 301 } to redirects',
  ],
  [
    "a duplicate domain",
    (c) => {
      c.domains.push({ name: "api-docs.petstore.example" });
    },
    "api-docs.petstore.example is listed twice in domains",
  ],
  [
    "an upper-case name with a trailing dot",
    (c) => {
      c.platformTarget = "CNAME.example.";
    },
    'platformTarget must be a lower-case domain name without a trailing dot, such as docs.petstore.example, not "CNAME.example."',
  ],
  [
    "a missing setting",
    (c) => {
      delete (c as { certificateAuthority?: string }).certificateAuthority;
    },
    'the config is missing "certificateAuthority"',
  ],
  [
    "an unknown field",
    (c) => {
      (c.redirects[0] as Record<string, unknown>).code = 301;
    },
    'redirects.0 has an unknown field "code"',
  ],
];

describe("invalid configs fail with a clear message", () => {
  test.each(invalid)("%s", (_, change, message) => {
    const config = valid();
    change(config);
    let error: unknown;
    try {
      validateDomainsConfig(config, "domains.json");
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(DomainsConfigError);
    expect(
      (error as DomainsConfigError).problems.some((p) => p.includes(message)),
      (error as Error).message,
    ).toBe(true);
    expect((error as Error).message).toMatch(
      /^\[@petstore\/docs\] domains\.json is not a valid domains config:\n {2}- /,
    );
  });
});

describe("removal and loops get advice that follows the procedure", () => {
  const problems = (change: Change): string[] => {
    const config = valid();
    change(config);
    try {
      validateDomainsConfig(config);
    } catch (error) {
      return (error as DomainsConfigError).problems;
    }
    throw new Error("the config was accepted");
  };

  test("a loop a → b, b → a is named as a loop, with the primary as the way out", () => {
    const found = problems((c) => {
      c.redirects[0]!.to = "old-docs.petstore.example";
      c.redirects[1]!.to = "api-docs.petstore.example";
    });
    expect(found).toEqual([
      "redirects api-docs.petstore.example → old-docs.petstore.example → api-docs.petstore.example form a loop, so none of them serves the docs; point each of them straight at the primary docs.petstore.example",
    ]);
    expect(found.join()).not.toMatch(/straight at (\S+)\.petstore\.example.*\1/);
  });

  test("a loop through the primary (a → b, b → a) says to delete the primary's redirect, not to point a at a", () => {
    const found = problems((c) => {
      c.domains.splice(2, 1);
      c.redirects[1] = { from: "docs.petstore.example", to: "api-docs.petstore.example", status: 301 };
    });
    expect(found).toEqual([
      "redirects api-docs.petstore.example → docs.petstore.example → api-docs.petstore.example form a loop, so none of them serves the docs; the primary docs.petstore.example must serve the docs and redirect nowhere: delete the redirect from docs.petstore.example",
    ]);
  });

  test("a longer loop through the primary also names the domain to point straight at it", () => {
    const found = problems((c) => {
      c.redirects[0]!.to = "old-docs.petstore.example";
      c.redirects.push({ from: "docs.petstore.example", to: "api-docs.petstore.example", status: 301 });
    });
    expect(found).toEqual([
      "redirects api-docs.petstore.example → old-docs.petstore.example → docs.petstore.example → api-docs.petstore.example form a loop, so none of them serves the docs; the primary docs.petstore.example must serve the docs and redirect nowhere: delete the redirect from docs.petstore.example, and point api-docs.petstore.example straight at docs.petstore.example",
    ]);
  });

  test("dropping the old primary for a new one says to set up its redirect first, with the checked step", () => {
    const found = problems((c) => {
      c.domains.splice(0, 1);
      c.domains[0]!.primary = true;
    });
    expect(found).toEqual([
      'redirect api-docs.petstore.example → docs.petstore.example: the primary domain cannot redirect, and docs.petstore.example is not in domains; delete this redirect. If you removed docs.petstore.example, the old primary, and its URL was shared: removal stops serving traffic immediately, so set up a redirect first. List docs.petstore.example in domains with { "from": "docs.petstore.example", "to": "api-docs.petstore.example", "status": 301 } in redirects, set the same redirect in the dashboard, check it with pnpm docs:domains remove docs.petstore.example, and choose Remove only then.',
      "redirect old-docs.petstore.example → docs.petstore.example: docs.petstore.example is not in domains, and a removed domain serves nothing, so old-docs.petstore.example would redirect into an error; point it at the primary api-docs.petstore.example",
    ]);
  });

  test("dropping a domain that still has a redirect says to delete the redirect too, not to add the domain back", () => {
    const [problem, ...rest] = problems((c) => {
      c.domains.splice(1, 1);
    });
    expect(rest).toEqual([]);
    expect(problem).toMatch(
      /^redirect api-docs\.petstore\.example → docs\.petstore\.example: api-docs\.petstore\.example is not in domains\. Removing a domain removes its redirect too, so if you removed api-docs\.petstore\.example, delete this redirect as well \(the checked way: .*pnpm docs:domains remove api-docs\.petstore\.example confirms the redirect works before you choose Remove/,
    );
  });

  test("dropping the primary that others still redirect to says to set up the new primary first", () => {
    const found = problems((c) => {
      c.domains.splice(0, 1);
    });
    expect(found).toContain('no domain has "primary": true; mark the one domain the docs are served on');
    expect(found).toContain(
      'docs.petstore.example is not in domains, but api-docs.petstore.example, old-docs.petstore.example still redirect to it: removing the domain others point at stops serving them all. Set up the new primary first: mark another domain "primary", point every redirect at it and check it with pnpm docs:domains check; then make docs.petstore.example a redirect to it, and remove docs.petstore.example last.',
    );
    expect(found.join("\n")).not.toMatch(/add it (back|there)/);
  });
});

describe("a domains.json file's problems carry line and column", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "petstore-docs-config-"));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });
  const load = async (text: string) => {
    const file = join(dir, `${Math.random().toString(36).slice(2)}.json`);
    await writeFile(file, text);
    return loadDomainsConfig(file).then(
      () => {
        throw new Error("the config was accepted");
      },
      (error: DomainsConfigError) => error,
    );
  };

  test("a JSON syntax error: line, column, the line and a caret", async () => {
    const text = await readFile(new URL("../domains.json", import.meta.url), "utf8");
    // A comma forgotten after the first domain, as happens when a line is added by hand.
    const error = await load(text.replace('"primary": true },', '"primary": true }'));
    expect(error).toBeInstanceOf(DomainsConfigError);
    expect(error.problems).toEqual([
      "line 8, column 5: not valid JSON: Expected ',' or ']' after array element\n" +
        '          { "name": "api-docs.petstore.example" }\n' +
        "          ^",
    ]);
  });

  test("a file that ends too early", async () => {
    const error = await load('{\n  "domains": [');
    expect(error.problems).toEqual([expect.stringMatching(/^line 2, column 15: not valid JSON: /)]);
  });

  test("schema and redirect-rule problems point at the field", async () => {
    const config = valid();
    (config.redirects[1] as { status: number }).status = 200;
    config.redirects[0]!.to = "old-docs.petstore.example";
    const error = await load(JSON.stringify(config, null, 2));
    expect(error.problems).toEqual([
      "line 25, column 17: redirects.1.status must be one of 301, 302, 307, 308 (a 3xx redirect status), not 200",
    ]);
    (config.redirects[1] as { status: number }).status = 308;
    config.redirects[1]!.to = "api-docs.petstore.example";
    const loop = await load(JSON.stringify(config, null, 2));
    expect(loop.problems).toEqual([
      expect.stringMatching(
        /^line 19, column 13: redirects api-docs\.petstore\.example → old-docs\.petstore\.example → api-docs\.petstore\.example form a loop/,
      ),
    ]);
  });
});
