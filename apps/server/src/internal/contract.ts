import { openapiDocument, operationTable, type ContractOperation } from "@petstore/contract";

export type { ContractOperation, ContractParameter, JsonSchema as Schema } from "@petstore/contract";

/**
 * The path every server URL of the contract ends in (`/v1`): operations are served under it. The servers
 * must agree, since one reference server stands in for all of them.
 */
export function contractBasePath(servers: unknown = openapiDocument.servers): string {
  // A relative server URL is resolved against a placeholder origin: only its path matters here.
  const pathOf = (server: { url: string }) =>
    new URL(server.url, "http://relative.invalid").pathname.replace(/\/$/, "");
  const paths = new Set(((servers ?? []) as { url: string }[]).map(pathOf));
  const [path, ...others] = [...paths];
  if (path === undefined || others.length > 0) {
    throw new Error(
      `[@petstore/server] the contract's servers must share one base path, found ${JSON.stringify([...paths])}`,
    );
  }
  return path;
}

/** Every operation in the contract, in document order (the contract's generated operation table). */
export function contractOperations(): readonly ContractOperation[] {
  return operationTable;
}
