import type { CodeSample } from "./code-samples";
import { slug } from "./guide-page";

/** The shape of the parts of an OpenAPI 3.1 document the reference page reads or extends. */
export interface OpenApiDocument {
  info: { title: string; version: string; description?: string };
  servers?: { url: string; description?: string }[];
  paths: Record<string, Record<string, OpenApiOperation>>;
  [key: string]: unknown;
}

/** The fields of an operation the reference page reads. */
interface OpenApiOperation {
  operationId?: string;
  summary?: string;
  description?: string;
  deprecated?: boolean;
  tags?: string[];
  "x-deprecation"?: { deprecatedAt?: string; sunset?: string; replacement?: string; link?: string };
}

/** A deprecated operation, as listed on the reference page. */
export interface DeprecatedOperation {
  operationId: string;
  method: string;
  path: string;
  anchor: string;
  deprecatedAt?: string;
  sunset?: string;
  replacement?: string;
  link?: string;
}

const day = (iso: string | undefined): string | undefined => iso?.slice(0, 10);

/** Every operation the document marks `deprecated`, with its `x-deprecation` details. */
export function deprecatedOperations(document: OpenApiDocument): DeprecatedOperation[] {
  const found: DeprecatedOperation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (!operation?.deprecated || !operation.operationId) continue;
      const details = operation["x-deprecation"] ?? {};
      found.push({
        operationId: operation.operationId,
        method: method.toUpperCase(),
        path,
        // Redoc 2's anchor scheme, the one the contract's deprecation links already use.
        anchor: `#tag/${encodeURIComponent(operation.tags?.[0] ?? "default")}/operation/${operation.operationId}`,
        deprecatedAt: day(details.deprecatedAt),
        sunset: day(details.sunset),
        replacement: details.replacement,
        link: details.link,
      });
    }
  }
  return found;
}

function environmentsSection(document: OpenApiDocument): string {
  const rows = (document.servers ?? []).map((server) => `| ${server.description ?? ""} | \`${server.url}\` |`);
  return [
    "## Environments",
    "",
    "Both environments serve the same interface; the version lives in the base path.",
    "",
    "| Environment | Base URL |",
    "|---|---|",
    ...rows,
  ].join("\n");
}

function deprecationsSection(deprecated: DeprecatedOperation[]): string {
  if (deprecated.length === 0) return "";
  const rows = deprecated.map(
    (op) =>
      `| [\`${op.method} ${op.path}\`](${op.anchor}) (\`${op.operationId}\`) | ${op.deprecatedAt ?? "—"} | **${op.sunset ?? "not announced"}** | \`${op.replacement ?? "—"}\` |`,
  );
  return [
    "## Deprecations",
    "",
    "Deprecated operations keep working until their removal date. Their responses carry `Deprecation`, `Sunset` and",
    '`Link rel="deprecation"` headers, and the SDK warns once per process when you call them.',
    "",
    "| Operation | Deprecated since | Removed on | Use instead |",
    "|---|---|---|---|",
    ...rows,
  ].join("\n");
}

const errorsSection = [
  "## Errors",
  "",
  "Every error response has this body; `status` always equals the HTTP status.",
  "",
  '<SchemaDefinition schemaRef="#/components/schemas/Error" showReadOnly={true} showWriteOnly={true} />',
].join("\n");

const authenticationSection = [
  "## Authentication",
  "",
  "Every operation needs an API key sent as a bearer token: `Authorization: Bearer <API_KEY>`. A missing or invalid",
  "key is a `401` with an `Error` body, checked before anything else.",
  "",
  "<SecurityDefinitions />",
].join("\n");

const guideCallout =
  "**Using TypeScript?** The [SDK guide](guide/) shows how to install `@petstore/client`, authenticate, pick an " +
  "environment, handle errors, configure retries, follow deprecations and test with `@petstore/mock`.";

/** Splits a description into its opening paragraphs and its `##` sections. */
function splitIntro(description: string): [string, string] {
  const at = description.search(/^## /m);
  return at === -1 ? [description.trim(), ""] : [description.slice(0, at).trim(), description.slice(at).trim()];
}

/** The deprecation notice for one operation, so the removal date and replacement are never only in prose. */
function deprecationNotice(op: DeprecatedOperation): string {
  const parts = [`**Deprecated**${op.deprecatedAt ? ` since ${op.deprecatedAt}` : ""}`];
  if (op.sunset) parts.push(`removed on **${op.sunset}**`);
  const text = `${parts.join("; ")}.`;
  return op.replacement ? `${text} Use \`${op.replacement}\` instead.` : text;
}

/**
 * The SDK guide as sections of the reference, so the reference's search finds it: each `##` section of the guide with
 * its first paragraph and a link to it.
 */
export function guideSection(guideMarkdown: string): string {
  // `#` above `##`: Redoc makes each `##` under it a menu item of its own, and so an entry of its search index.
  const parts = ["# SDK guide", "", "The [SDK guide](guide/) in short; each section links to its full text."];
  for (const match of guideMarkdown.matchAll(/^## (.+)\n+((?:(?!```|#|\|)[^\n]+\n?)+)/gm)) {
    const [, heading, paragraph] = match;
    parts.push(
      "",
      `## ${heading}`,
      "",
      paragraph!.trim(),
      "",
      `[Read “${heading}” in the SDK guide](guide/#${slug(heading!)})`,
    );
  }
  return parts.join("\n");
}

/**
 * The contract as the reference page shows it: the same operations and schemas, each with curl and TypeScript SDK
 * samples, and a link to the SDK guide, the environments, authentication, the Error model, the deprecations and the
 * SDK guide's sections added to the introduction.
 */
export function referenceDocument(
  contract: OpenApiDocument,
  extras: { guideMarkdown?: string; samples?: Map<string, CodeSample[]> } = {},
): OpenApiDocument {
  const document = structuredClone(contract);
  const { guideMarkdown, samples = new Map<string, CodeSample[]>() } = extras;
  for (const item of Object.values(document.paths)) {
    for (const operation of Object.values(item)) {
      const found = operation.operationId ? samples.get(operation.operationId) : undefined;
      if (found) (operation as Record<string, unknown>)["x-codeSamples"] = found;
    }
  }
  const deprecated = deprecatedOperations(document);
  for (const op of deprecated) {
    const operation = document.paths[op.path]![op.method.toLowerCase()]!;
    const description = operation.description ?? "";
    if (!op.sunset || !description.includes(op.sunset)) {
      operation.description = `${deprecationNotice(op)}\n\n${description}`.trim();
    }
  }
  const [intro, rest] = splitIntro(document.info.description ?? "");
  const guide = guideMarkdown === undefined ? "" : guideSection(guideMarkdown);
  const sections = [
    intro,
    guideCallout,
    environmentsSection(document),
    authenticationSection,
    errorsSection,
    deprecationsSection(deprecated),
    rest,
    guide,
  ];
  document.info.description = sections.filter(Boolean).join("\n\n");
  return document;
}
