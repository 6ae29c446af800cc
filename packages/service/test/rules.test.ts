import { operationTable, requestLimits } from "@petstore/contract";
import { describe, expect, it } from "vitest";
import {
  createParameterParser,
  nestingDepth,
  messages,
  newRequestId,
  parseAuthorization,
  parseJsonBody,
  parseQueryString,
  RuleError,
} from "../src/index";

describe("nestingDepth", () => {
  it.each([
    ["1", 0],
    ['{"a":[1,{"b":[]}]}', 4],
    ['{"a":"[[[[[["}', 1],
    ['["\\"[["]', 1],
  ])("%s nests %i levels", (text, depth) => expect(nestingDepth(text)).toBe(depth));

  it("stops counting just past the limit", () => {
    expect(nestingDepth("[".repeat(500_000), 64)).toBe(65);
  });
});

const encoder = new TextEncoder();
const parseJson = (text: string) => parseJsonBody(encoder.encode(text), "");

describe("parseJsonBody", () => {
  it.each([
    ["a byte that never starts a character", [0xff]],
    ["a lone continuation byte", [0x80]],
    ["a truncated sequence", [0xe2, 0x82]],
    ["an overlong encoding of '/'", [0xc0, 0xaf]],
    ["an encoded surrogate", [0xed, 0xa0, 0x80]],
  ])("refuses a body that is not UTF-8 (%s) instead of storing U+FFFD", (_why, bytes) => {
    const body = new Uint8Array([...encoder.encode('{"name":"'), ...bytes, ...encoder.encode('","categoryId":1}')]);
    expect(() => parseJsonBody(body, "")).toThrow(messages.invalidUtf8(""));
  });

  it("reads UTF-8 as sent: a character outside the BMP is kept, a byte-order mark is not JSON", () => {
    expect(parseJson('{"name":"🐕"}')).toEqual({ name: "🐕" });
    expect(() => parseJsonBody(new Uint8Array([0xef, 0xbb, 0xbf, ...encoder.encode("{}")]), "")).toThrow(
      messages.invalidJson(""),
    );
  });

  it("refuses JSON deeper than the contract's limit, and accepts it at the limit", () => {
    const at = "[".repeat(requestLimits.jsonDepth) + "]".repeat(requestLimits.jsonDepth);
    expect(() => parseJson(at)).not.toThrow();
    expect(() => parseJson(`[${at}]`)).toThrow(`${requestLimits.jsonDepth} levels`);
  });

  it("refuses prototype keys, even escaped", () => {
    expect(() => parseJson('{"__proto__":{"x":1}}')).toThrow(RuleError);
    // Valid JSON, so the message names the key rather than calling the JSON invalid.
    expect(() => parseJson('{"a":[{"__proto__":{}}]}')).toThrow(/has a "__proto__" or "constructor"/);
    expect(() => parseJson('{"\\u005f_proto__":{}}')).toThrow(RuleError);
    expect(() => parseJson('{"constructor":{"prototype":{}}}')).toThrow(RuleError);
    expect(parseJson('{"constructor":"x"}')).toEqual({ constructor: "x" });
  });

  it.each([
    ['{"a":9007199254740990.6}', { a: 0.5 }],
    ['{"a":[-9007199254740990.6,1.0000000000000001]}', { a: [0.5, 0.5] }],
    ['{"a":1.0,"b":2.50e1,"c":25e-1,"d":9007199254740991}', { a: 1, b: 25, c: 2.5, d: 9007199254740991 }],
    ['{"s":"9007199254740990.6"}', { s: "9007199254740990.6" }],
    ['{"s":"[\\"9007199254740990.6","n":[9007199254740990.6]}', { s: '["9007199254740990.6', n: [0.5] }],
  ])("keeps %s a non-integer where a double would round its fraction away", (text, parsed) => {
    expect(parseJson(text)).toEqual(parsed);
  });
});

describe("parseAuthorization", () => {
  it.each([
    [undefined, 401],
    ["", 401],
    ["Basic abc", 401],
    ["Bearer ", 401],
    ["Bearer a, Bearer b", 400],
  ])("refuses %j with %i", (header, status) => expect(parseAuthorization(header)).toMatchObject({ ok: false, status }));

  it("reads the token whatever the scheme's case", () => {
    expect(parseAuthorization("bearer  sk_1 ")).toEqual({ ok: true, token: "sk_1" });
  });
});

describe("parseQueryString", () => {
  it("decodes like the server: + is a space, broken escapes stay, repeats make arrays", () => {
    expect(parseQueryString("status=%FF&name=a+b&limit=1&limit=2&flag")).toEqual({
      status: "%FF",
      name: "a b",
      limit: ["1", "2"],
      flag: "",
    });
  });
});

describe("createParameterParser", () => {
  const listPets = operationTable.find((op) => op.operationId === "listPets")!;
  const parse = createParameterParser("listPets", listPets.parameters);

  it("coerces strictly, applies defaults and names the parameter in its 400", () => {
    expect(parse(() => undefined)).toEqual({ limit: 20 });
    expect(parse((p) => (p.name === "limit" ? "+010" : undefined))).toEqual({ limit: 10 });
    expect(() => parse((p) => (p.name === "limit" ? "1e1" : undefined))).toThrow(
      'Query parameter limit must be an integer from 1 to 100, got "1e1".',
    );
    expect(() => parse((p) => (p.name === "limit" ? ["1", "2"] : undefined))).toThrow("given once");
  });
});

describe("newRequestId", () => {
  it("is req_ and 32 hex digits, never the same twice, across many draws of randomness", () => {
    const ids = Array.from({ length: 2000 }, () => newRequestId());
    for (const id of ids) expect(id).toMatch(/^req_[0-9a-f]{32}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
