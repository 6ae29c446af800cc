/** The shape of the parts of an OpenAPI 3.1 document the reference page reads or extends. */
export interface OpenApiDocument {
  info: { title: string; version: string; description?: string };
  servers?: { url: string; description?: string }[];
  paths: Record<string, Record<string, OpenApiOperation>>;
  [key: string]: unknown;
}

/** The fields of an operation the reference page reads. */
export interface OpenApiOperation {
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
  const text = parts.join("; ") + ".";
  return op.replacement ? `${text} Use \`${op.replacement}\` instead.` : text;
}

/**
 * The contract as the reference page shows it: the same operations and schemas, with a link to the SDK guide,
 * the environments, authentication, the Error model and the deprecations added to the introduction.
 */
export function referenceDocument(contract: OpenApiDocument): OpenApiDocument {
  const document = structuredClone(contract);
  const deprecated = deprecatedOperations(document);
  for (const op of deprecated) {
    const operation = document.paths[op.path]![op.method.toLowerCase()]!;
    const description = operation.description ?? "";
    if (!op.sunset || !description.includes(op.sunset)) {
      operation.description = `${deprecationNotice(op)}\n\n${description}`.trim();
    }
  }
  const [intro, rest] = splitIntro(document.info.description ?? "");
  const sections = [intro, guideCallout, environmentsSection(document), authenticationSection, errorsSection, deprecationsSection(deprecated), rest];
  document.info.description = sections.filter(Boolean).join("\n\n");
  return document;
}
