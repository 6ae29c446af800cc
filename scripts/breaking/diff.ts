// Compares two versions of the contract with Optic's breaking-changes ruleset (@useoptic/standard-rulesets), plus
// this SDK's own rules on top: responses may grow (PetStatus is open in the client) and request ranges may not
// narrow (Optic has no rule for minimum, maximum, lengths or patterns). See README.md, "Breaking changes".
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { checkOpenAPIVersion, parseOpenAPIWithSourcemap, validateOpenApiV3Document } from "@useoptic/openapi-io";
import { compareSpecs } from "@useoptic/openapi-utilities";
import { OperationRule, RequestRule, RuleError, RuleRunner, Ruleset } from "@useoptic/rulesets-base";
import { BreakingChangesRuleset } from "@useoptic/standard-rulesets";

/** One change found between two contracts: where it is and why it matters. */
export interface ContractChange {
  /** The operation, as `listPets (GET /pets)`, or `document` for a change outside `paths`. */
  operation: string;
  /** JSON pointer into the dereferenced contract (the new one, or the old one for a removal). */
  pointer: string;
  /** Why it breaks (or, for a safe change, why it is safe). */
  why: string;
}

/** What changed between two contracts, by the bump it needs. */
export interface ContractDiff {
  /** Changes that break a published client or mock user: they need a `major`. */
  breaking: ContractChange[];
  /** Responses that grew (a response enum value added): reported, safe for this SDK. */
  safe: ContractChange[];
  /** Pointers of changes that add or change behaviour without breaking: they need a `minor`. */
  additive: string[];
  /** Pointers of changes to documentation only (descriptions, summaries, examples, `info`): no bump needed. */
  documentation: string[];
}

/** A contract that is not a readable OpenAPI 3 document. */
export class ContractParseError extends Error {
  override name = "ContractParseError";
}

type ParsedSpec = Parameters<typeof compareSpecs>[0];

const DOCUMENTATION_KEYS = new Set(["description", "summary", "example", "examples", "externalDocs", "title"]);
const METHODS = new Set(["get", "put", "post", "delete", "options", "head", "patch", "trace"]);

function decodePointer(pointer: string): string[] {
  return pointer
    .split("/")
    .slice(1)
    .map((part) => part.replace(/~1/g, "/").replace(/~0/g, "~"));
}

function isDocumentation(pointer: string): boolean {
  const parts = decodePointer(pointer);
  if (parts[0] === "info") return true;
  // `properties/description` is a property named "description", not a description.
  return parts.some((part, index) => DOCUMENTATION_KEYS.has(part) && parts[index - 1] !== "properties");
}

async function parseContract(text: string, label: string): Promise<ParsedSpec> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "petstore-breaking-"));
  try {
    const file = path.join(dir, "openapi.yaml");
    await writeFile(file, text);
    const parsed = await parseOpenAPIWithSourcemap(file);
    const version = checkOpenAPIVersion(parsed.jsonLike);
    if (version !== "3.0.x" && version !== "3.1.x") throw new Error(`it is OpenAPI ${version}, not 3.x`);
    validateOpenApiV3Document(parsed.jsonLike, parsed.sourcemap, { strictOpenAPI: false });
    return { jsonLike: parsed.jsonLike as ParsedSpec["jsonLike"], sourcemap: parsed.sourcemap, isEmptySpec: false };
  } catch (error) {
    const message = (error instanceof Error ? error.message : String(error))
      .split("\n")[0]
      ?.replaceAll(`${dir}${path.sep}`, "")
      .trim();
    throw new ContractParseError(`${label} is not a valid OpenAPI 3 document: ${message}`);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

type Bound = "minimum" | "maximum" | "exclusiveMinimum" | "exclusiveMaximum" | "minLength" | "maxLength";
const LOWER_BOUNDS: Bound[] = ["minimum", "exclusiveMinimum", "minLength"];
const UPPER_BOUNDS: Bound[] = ["maximum", "exclusiveMaximum", "maxLength"];

/** Why a request value the old schema accepted may be refused by the new one, or undefined when it cannot be. */
function narrowing(before: Record<string, unknown> | undefined, after: Record<string, unknown> | undefined) {
  if (!before || !after) return undefined;
  const reasons: string[] = [];
  for (const key of [...LOWER_BOUNDS, ...UPPER_BOUNDS, "minItems", "maxItems"]) {
    const old = before[key];
    const now = after[key];
    if (typeof now !== "number" || old === now) continue;
    const lower = LOWER_BOUNDS.includes(key as Bound) || key === "minItems";
    if (typeof old !== "number") reasons.push(`${key} ${now} added`);
    else if (lower ? now > old : now < old) reasons.push(`${key} ${old} → ${now}`);
  }
  for (const key of ["pattern", "multipleOf"]) {
    if (after[key] !== undefined && after[key] !== before[key]) {
      reasons.push(`${key} ${before[key] === undefined ? "added" : "changed"}`);
    }
  }
  return reasons.length ? reasons.join(", ") : undefined;
}

interface ParameterFact {
  value: { name: string; schema?: unknown };
}

function parameterNarrowing(before: ParameterFact, after: ParameterFact) {
  const why = narrowing(before.value.schema as Record<string, unknown>, after.value.schema as Record<string, unknown>);
  if (why) {
    throw new RuleError({
      message: `parameter '${after.value.name}' accepts less (${why}): a value that was valid is now refused`,
    });
  }
}

/** Optic has no rule for ranges: a request value that was valid may not become invalid. */
const narrowedRanges = new Ruleset({
  name: "petstore: request ranges may not narrow",
  rules: [
    new OperationRule({
      name: "prevent narrowing a parameter's range",
      rule: (operation) => {
        operation.queryParameter.changed(parameterNarrowing);
        operation.pathParameter.changed(parameterNarrowing);
        operation.headerParameter.changed(parameterNarrowing);
      },
    }),
    new RequestRule({
      name: "prevent narrowing a request property's range",
      rule: (request) => {
        request.property.changed((before, after) => {
          const why = narrowing(
            before.value.flatSchema as Record<string, unknown>,
            after.value.flatSchema as Record<string, unknown>,
          );
          if (why) {
            throw new RuleError({
              message: `request property '${after.value.key}' accepts less (${why}): a body that was valid is now refused`,
            });
          }
        });
      },
    }),
  ],
});

/** Optic calls a response enum that grows breaking; this SDK's types are open (`PetStatus`), so it is safe. */
function isResponseGrowth(pointer: string, why: string): boolean {
  return (
    decodePointer(pointer).includes("responses") &&
    (/^cannot add enum option/.test(why) || /^cannot remove enum or const from response/.test(why))
  );
}

function operationOf(pointer: string, ...specs: ParsedSpec[]): { label: string; pointer?: string } {
  const [root, route, method] = decodePointer(pointer);
  if (root !== "paths" || route === undefined || method === undefined || !METHODS.has(method)) {
    return { label: "document" };
  }
  const operationPointer = `/paths/${route.replace(/~/g, "~0").replace(/\//g, "~1")}/${method}`;
  let id: unknown;
  for (const spec of specs)
    id ??= (spec.jsonLike.paths?.[route] as Record<string, { operationId?: string }>)?.[method]?.operationId;
  const where = `${method.toUpperCase()} ${route}`;
  return { label: typeof id === "string" ? `${id} (${where})` : where, pointer: operationPointer };
}

/**
 * Compares the contract `baseText` (the last release) with `headText` (this change). `baseLabel` and
 * `headLabel` name them in a {@link ContractParseError} when either is not a valid OpenAPI 3 document.
 */
export async function diffContracts(
  baseText: string,
  headText: string,
  labels: { base: string; head: string } = { base: "the old contract", head: "the new contract" },
): Promise<ContractDiff> {
  const base = await parseContract(baseText, labels.base);
  const head = await parseContract(headText, labels.head);
  const runner = new RuleRunner([new BreakingChangesRuleset(), narrowedRanges]);
  const { diffs, results } = await compareSpecs(base, head, runner, {});

  const breaking: ContractChange[] = [];
  const safe: ContractChange[] = [];
  const removedOperations = new Set<string>();
  const failed = results.filter((result) => !result.passed && !result.exempted);
  for (const result of failed) {
    if (result.name === "prevent operation removal") removedOperations.add(result.location.jsonPath);
  }
  for (const result of failed) {
    const pointer = result.location.jsonPath;
    const why = result.error ?? result.name;
    const operation = operationOf(pointer, head, base);
    // A removed operation is one break, not one per response property it had.
    if (operation.pointer && pointer !== operation.pointer && removedOperations.has(operation.pointer)) continue;
    const change = { operation: operation.label, pointer, why };
    if (isResponseGrowth(pointer, why)) {
      const what = why.replace(/ This is a breaking change\.$/, "").replace(/\.$/, "");
      safe.push({ ...change, why: `${what}: safe, responses may grow (the SDK's PetStatus is open)` });
    } else {
      breaking.push(change);
    }
  }

  const additive: string[] = [];
  const documentation: string[] = [];
  for (const diff of diffs) {
    const pointer = diff.after ?? diff.before ?? "";
    (isDocumentation(pointer) ? documentation : additive).push(pointer);
  }
  return { breaking, safe, additive, documentation };
}
