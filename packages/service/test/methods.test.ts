import { METHODS } from "node:http";
import { expect, it } from "vitest";
import { PARSER_METHODS } from "../src/methods";

// The service keeps a copy of Node's list so they also run in browsers; this keeps the copy from drifting.
it("knows exactly the methods the reference server's HTTP parser accepts", () => {
  expect([...PARSER_METHODS].sort()).toEqual([...METHODS].sort());
});
