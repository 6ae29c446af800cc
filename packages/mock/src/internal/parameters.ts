import { createParameterParser, type RawParameter } from "@petstore/service-rules";
import type { ContractOperation, ContractParameter } from "./contract";

type Place = ContractParameter["in"];
const parsers = new WeakMap<ContractOperation, Map<Place, ReturnType<typeof createParameterParser>>>();

/**
 * Coerces and validates the `place` parameters of `operation` with the service's rules (see `createParameterParser`);
 * throws a 400 RequestError. Parsers are built once per operation and place.
 */
export function parseParameters(
  operation: ContractOperation,
  place: Place,
  raw: (param: ContractParameter) => RawParameter,
): Record<string, unknown> {
  let byPlace = parsers.get(operation);
  if (!byPlace) parsers.set(operation, (byPlace = new Map()));
  let parse = byPlace.get(place);
  if (!parse) {
    parse = createParameterParser(
      operation.operationId,
      operation.parameters.filter((param) => param.in === place),
    );
    byPlace.set(place, parse);
  }
  return parse(raw);
}
