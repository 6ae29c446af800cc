import { tryItOperations } from "../try-it/operations";
import { prepareRequest } from "../try-it/request";
import { curlSample, sdkSample } from "../try-it/samples";
import type { OpenApiDocument } from "./reference";

/** One code sample of an operation, in the shape Redoc reads from `x-codeSamples`. */
export interface CodeSample {
  lang: "Shell" | "TypeScript";
  label: string;
  source: string;
}

/**
 * The curl and TypeScript SDK samples of every operation, by operationId, from the contract: its first server, each
 * parameter's and request body's example, and its deprecation. The panels' live samples come from the same functions.
 */
export function codeSamples(document: OpenApiDocument): Map<string, CodeSample[]> {
  const server = document.servers?.[0]?.url;
  if (!server) throw new Error("[@petstore/docs] the contract has no server URL to show in code samples.");
  const samples = new Map<string, CodeSample[]>();
  for (const operation of tryItOperations(document)) {
    const { operationId: id, examples } = operation;
    samples.set(id, [
      { lang: "Shell", label: "curl", source: curlSample(prepareRequest(operation, examples, server)) },
      { lang: "TypeScript", label: "TypeScript SDK", source: sdkSample(operation, examples, { baseUrl: server }) },
    ]);
  }
  return samples;
}
