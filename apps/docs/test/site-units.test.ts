import { createRequire } from "node:module";
import { mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parse } from "yaml";
import { describe, expect, test } from "vitest";
import { buildSite, describeBuild } from "../src/site/build";
import { findExternalAssets } from "../src/site/external-assets";
import { guidePage, slug } from "../src/site/guide-page";
import { escapeHtml, escapeInlineScript, page, siteHeader } from "../src/site/layout";
import { redocStandaloneBundle } from "../src/site/redoc-bundle";
import { deprecatedOperations, guideSection, referenceDocument, type OpenApiDocument } from "../src/site/reference";
import { referencePage } from "../src/site/reference-page";

const contractPath = createRequire(import.meta.url).resolve("@petstore/contract/openapi.yaml");

describe("findExternalAssets, the build's CDN guard", () => {
  test("finds every way a page could load something from another host", () => {
    const html = `
      <script src="https://cdn.example/redoc.js"></script>
      <link rel="stylesheet" href="//fonts.example/css">
      <style>@import url("https://fonts.example/a.css"); body { background: url(https://img.example/bg.png) }</style>
      <img src='https://img.example/logo.svg'>
      <iframe src=https://embed.example/></iframe>
      <script>React.createElement("img", { src: "https://cdn.example/logo.svg" })</script>`;
    expect(findExternalAssets("index.html", html).map((a) => `${a.kind} ${a.url}`)).toEqual([
      "script https://cdn.example/redoc.js",
      "stylesheet or font //fonts.example/css",
      "import https://fonts.example/a.css",
      "css url https://fonts.example/a.css",
      "css url https://img.example/bg.png",
      "iframe or media https://img.example/logo.svg",
      "iframe or media https://embed.example/",
      "src in script https://cdn.example/logo.svg",
    ]);
  });

  test("ignores links, local files and inline data", () => {
    const html = `<a href="https://github.com/Redocly/redoc">Redoc</a><script src="./app.js"></script>
      <link href="guide/"><img src="data:image/svg+xml,%3Csvg%3E"><p>see https://docs.petstore.example</p>`;
    expect(findExternalAssets("index.html", html)).toEqual([]);
  });

  test("the build fails, naming the file and the URL, when the guide would load a remote image", async () => {
    const dir = await mkdtemp(join(tmpdir(), "petstore-docs-build-"));
    const guidePath = join(dir, "guide.md");
    await writeFile(guidePath, "# Guide\n\n![logo](https://cdn.example/logo.png)\n");
    await expect(buildSite({ outDir: join(dir, "out"), guidePath })).rejects.toThrow(
      "[@petstore/docs] the site must load nothing from other hosts, but these remain:\n  guide/index.html: iframe or media https://cdn.example/logo.png",
    );
  });

  test("the build rejects a file that is not an OpenAPI document", async () => {
    const dir = await mkdtemp(join(tmpdir(), "petstore-docs-build-"));
    const notContract = join(dir, "openapi.yaml");
    await writeFile(notContract, "hello: world\n");
    await expect(buildSite({ outDir: join(dir, "out"), contractPath: notContract })).rejects.toThrow(
      `[@petstore/docs] ${notContract} is not an OpenAPI document (no info or paths).`,
    );
  });
});

test("redocStandaloneBundle has Redoc's CDN logo replaced by an inline one", async () => {
  const bundle = await redocStandaloneBundle();
  expect(bundle).not.toContain("cdn.redoc.ly");
  expect(bundle).toContain('src:"data:image/svg+xml,');
  expect(findExternalAssets("redoc.js", bundle)).toEqual([]);
});

test("describeBuild names the files, the folder and the size", () => {
  expect(
    describeBuild({ outDir: join(process.cwd(), "dist"), files: ["index.html", "openapi.yaml"], bytes: 2048 }),
  ).toBe("[@petstore/docs] built index.html, openapi.yaml into dist/ (2 KiB, nothing loaded from other hosts)");
});

describe("layout", () => {
  test("escapeHtml escapes the five special characters", () => {
    expect(escapeHtml(`<a href="x">Tom & Jerry's</a>`)).toBe(
      "&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/a&gt;",
    );
  });

  test("escapeInlineScript keeps a string from closing its <script> element", () => {
    expect(escapeInlineScript('x = "</script><!--"; y = "</SCRIPT>"')).toBe(
      'x = "<\\/script><\\!--"; y = "<\\/SCRIPT>"',
    );
  });

  test("siteHeader marks the current page and links the others relative to the root", () => {
    const header = siteHeader("guide", "../");
    const label = (long: string, short: string) =>
      `<span class="long">${long}</span><span class="short">${short}</span>`;
    expect(header).toContain(`<a href="../">${label("API reference", "Reference")}</a>`);
    expect(header).toContain(`<a href="../guide/" aria-current="page">${label("SDK guide", "Guide")}</a>`);
    expect(header).toContain(`<a href="../openapi.yaml" download>${label("openapi.yaml", "YAML")}</a>`);
    expect(header).not.toContain('class="tools"');
    expect(siteHeader("reference", "./", "<button>x</button>")).toContain(
      '<div class="tools"><button>x</button></div>',
    );
  });

  test("page escapes the title and description", () => {
    const html = page({
      title: "A <b>",
      description: 'say "hi"',
      current: "reference",
      root: "./",
      css: "",
      body: "<main></main>",
    });
    expect(html).toContain("<title>A &lt;b&gt;</title>");
    expect(html).toContain('content="say &quot;hi&quot;"');
  });
});

describe("the guide page", () => {
  test("slug makes heading ids", () => {
    expect(slug("Testing with <code>mocks</code>!")).toBe("testing-with-mocks");
  });

  test("guidePage links every ## section from its table of contents", () => {
    const html = guidePage("# The guide\n\n## Install\n\ntext\n\n### Detail\n\n## Testing with mocks\n");
    expect(html).toContain("<title>The guide — Petstore API</title>");
    expect(html).toContain(
      '<ol><li><a href="#install">Install</a></li><li><a href="#testing-with-mocks">Testing with mocks</a></li></ol>',
    );
    expect(html).toContain('<h3 id="detail">Detail</h3>');
  });

  test("guidePage makes every code block focusable, as it scrolls sideways on a phone", () => {
    const html = guidePage("# The guide\n\n```ts\nconst a = 1;\n```\n\ntext\n\n```sh\npnpm demo\n```\n");
    expect(html.match(/<pre[ >]/g)).toHaveLength(2);
    expect(html.match(/<pre tabindex="0">/g)).toHaveLength(2);
  });
});

describe("the reference document", () => {
  const load = async () => parse(await readFile(contractPath, "utf8")) as OpenApiDocument;

  test("deprecatedOperations lists getPet with its dates, replacement and Redoc anchor", async () => {
    expect(deprecatedOperations(await load())).toEqual([
      expect.objectContaining({
        operationId: "getPet",
        method: "GET",
        path: "/pets/{petId}",
        anchor: "#tag/animals/operation/getPet",
        sunset: "2030-12-05",
        replacement: expect.stringContaining("GET /pets?status="),
      }),
    ]);
  });

  test("referenceDocument adds the guide link, environments, authentication, errors and deprecations, and leaves the contract alone", async () => {
    const contract = await load();
    const before = structuredClone(contract);
    const document = referenceDocument(contract);
    expect(contract).toEqual(before);
    const headings = document.info.description!.match(/^## .+$/gm)!;
    expect(headings.slice(0, 4)).toEqual(["## Environments", "## Authentication", "## Errors", "## Deprecations"]);
    expect(document.info.description).toContain("[SDK guide](guide/)");
    expect(document.info.description).toContain("| Production | `https://api.petstore.example/v1` |");
    expect(document.paths["/pets/{petId}"]!.get!.description).toContain("2030-12-05");
  });

  test("referenceDocument adds a deprecation notice when the description does not give the removal date", () => {
    const document = referenceDocument({
      info: { title: "T", version: "1" },
      paths: {
        "/a": {
          get: {
            operationId: "old",
            deprecated: true,
            tags: ["x"],
            "x-deprecation": { sunset: "2031-01-01T00:00:00Z", replacement: "GET /b" },
          },
        },
      },
    });
    expect(document.paths["/a"]!.get!.description).toBe(
      "**Deprecated**; removed on **2031-01-01**. Use `GET /b` instead.",
    );
  });

  test("referencePage inlines the bundle and a document that cannot close its script", () => {
    const html = referencePage(
      { info: { title: "T", version: "1", description: "</script><script>alert(1)</script>" }, paths: {} },
      "window.Redoc = {};",
    );
    expect(html).toContain("<script>window.Redoc = {};</script>");
    expect(html).not.toContain("</script><script>alert(1)");
    expect(html).toContain("\\u003c/script>");
  });
});

test("guideSection turns each guide section into a searchable reference section linking to it", () => {
  expect(
    guideSection(
      "# Guide\n\nIntro.\n\n## Install\n\nRun npm.\nThen import it.\n\n```sh\nnpm i\n```\n\n## Two words\n\n| a |\n|---|\n\nText after a table.\n",
    ),
  ).toBe(
    "# SDK guide\n\nThe [SDK guide](guide/) in short; each section links to its full text.\n\n" +
      "## Install\n\nRun npm.\nThen import it.\n\n[Read “Install” in the SDK guide](guide/#install)",
  );
});
