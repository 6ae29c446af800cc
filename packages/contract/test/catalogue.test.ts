import { describe, expect, it } from "vitest";
import {
  errorCatalogue,
  errorCodeByStatus,
  openapiDocument,
  operationTable,
  petStatuses,
  requestLimits,
} from "../src/index";

describe("the error catalogue and limits as data", () => {
  it("pairs every code with one status and back", () => {
    for (const [code, { status }] of Object.entries(errorCatalogue))
      expect(errorCodeByStatus[status as keyof typeof errorCodeByStatus]).toBe(code);
    expect(Object.keys(errorCodeByStatus)).toHaveLength(Object.keys(errorCatalogue).length);
    expect(errorCatalogue.service_unavailable.status).toBe(503);
  });

  it("declares a 503 service_unavailable with a required Retry-After on every operation", () => {
    for (const operation of operationTable) {
      const response = operation.responses["503"];
      expect(response, operation.operationId).toBeDefined();
      expect(response?.headers["Retry-After"]?.required, operation.operationId).toBe(true);
      expect(response?.schema?.required, operation.operationId).toEqual(["code", "message", "status"]);
    }
  });

  it("states in its prose the limits x-request-limits holds", () => {
    const description = openapiDocument.info.description;
    expect(description).toContain(`at most ${requestLimits.bodyBytes}`);
    expect(description).toContain(`at most ${requestLimits.jsonDepth} arrays or objects deep`);
    expect(description).toContain(`at most ${requestLimits.headerBytes} bytes`);
  });

  it("exports the PetStatus enum in the contract's order", () => {
    expect(petStatuses).toEqual(openapiDocument.components.schemas.PetStatus.enum);
  });
});
