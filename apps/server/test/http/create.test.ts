import { petNameLength } from "@petstore/contract";
import { describe, expect, it } from "vitest";
import { expectContractResponse, expectError } from "../helpers/contract";
import { call, createPet, useServer } from "../helpers/server";

const server = useServer();

describe("POST /v1/pets", () => {
  it("creates a pet with a service-assigned id, a Location and no default status", async () => {
    const response = await createPet(server.current, { name: "Rex", categoryId: 1 });
    expect(response.status).toBe(201);
    expectContractResponse("createPet", 201, response.body);
    expect(response.body).toEqual({ id: expect.any(Number), name: "Rex", categoryId: 1 });
    expect(response.headers.get("location")).toBe(`/v1/pets/${response.body.id}`);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
  });

  it("ignores an id in the body and every field the contract does not name, and does not store them", async () => {
    const response = await createPet(server.current, {
      id: 999_999,
      name: "Tom",
      categoryId: 2,
      status: "sold",
      owner: "x",
      nested: { a: 1 },
    });
    expect(response.status).toBe(201);
    expect(response.body.id).not.toBe(999_999);
    expect(response.body).toEqual({ id: response.body.id, name: "Tom", categoryId: 2, status: "sold" });
    const fetched = await call(server.current, `/v1/pets/${response.body.id}`);
    expect(fetched.body).toEqual(response.body);
    expect((await call(server.current, "/v1/pets/999999")).status).toBe(404);
  });

  it("assigns increasing ids", async () => {
    const first = await createPet(server.current, { name: "A", categoryId: 1 });
    const second = await createPet(server.current, { name: "B", categoryId: 1 });
    expect(second.body.id).toBeGreaterThan(first.body.id);
  });

  it.each([
    "Rex 🐕",
    "Ünïcødé",
    "名前",
    "a",
    "x".repeat(petNameLength.max),
    "  spaced  ",
    'quote"back\\slash',
    "\u0000nul",
  ])("stores and returns the name %j unchanged", async (name) => {
    const created = await createPet(server.current, { name, categoryId: 3 });
    expect(created.status).toBe(201);
    expect(created.body.name).toBe(name);
    expect((await call(server.current, `/v1/pets/${created.body.id}`)).body.name).toBe(name);
  });

  it("accepts categoryId 0, negative and 2^53-1", async () => {
    for (const categoryId of [0, -7, Number.MAX_SAFE_INTEGER]) {
      const created = await createPet(server.current, { name: "Cat", categoryId });
      expect(created.status).toBe(201);
      expect(created.body.categoryId).toBe(categoryId);
    }
  });

  const invalid: [string, string, string][] = [
    ["{}", "name", `Body field "name" is required: a string of 1 to ${petNameLength.max} characters.`],
    ['{"name":"Rex"}', "categoryId", 'Body field "categoryId" is required'],
    ['{"categoryId":1}', "name", 'Body field "name" is required'],
    [
      '{"name":"","categoryId":1}',
      "name",
      `Body field "name" must be a string of 1 to ${petNameLength.max} characters.`,
    ],
    [
      '{"name":5,"categoryId":1}',
      "name",
      `Body field "name" must be a string of 1 to ${petNameLength.max} characters.`,
    ],
    ['{"name":null,"categoryId":1}', "name", 'Body field "name"'],
    ['{"name":"Rex","categoryId":"1"}', "categoryId", 'Body field "categoryId" must be'],
    ['{"name":"Rex","categoryId":1.5}', "categoryId", 'Body field "categoryId" must be'],
    ['{"name":"Rex","categoryId":9007199254740993}', "categoryId", 'Body field "categoryId" must be'],
    ['{"name":"Rex","categoryId":1e400}', "categoryId", 'Body field "categoryId" must be'],
    [
      '{"name":"Rex","categoryId":1,"status":"eaten"}',
      "status",
      'Body field "status" must be one of "available", "pending", "sold".',
    ],
    ['{"name":"Rex","categoryId":1,"status":null}', "status", 'Body field "status" must be one of'],
    ["[]", "body", "The body must be a JSON object"],
    ['"Rex"', "body", "The body must be a JSON object"],
    ["42", "body", "The body must be a JSON object"],
    ["null", "body", "JSON"],
    ["{not json", "body", "The body is not valid JSON."],
    ['{"name":"Rex",', "body", "The body is not valid JSON."],
    ['{"__proto__":{"x":1},"name":"Rex","categoryId":1}', "body", 'The body\'s JSON has a "__proto__"'],
    ["", "body", "The body is empty."],
  ];
  it.each(invalid)("answers 400 for %s, saying what to fix", async (body, _field, message) => {
    const response = await call(server.current, "/v1/pets", { method: "POST", body });
    expect(response.status).toBe(400);
    expectError(400, response.body, "invalid_request");
    expectContractResponse("createPet", 400, response.body);
    expect(response.body.message).toContain(message);
  });

  it("does not create anything for a rejected body", async () => {
    const before = (await call(server.current, "/v1/pets?limit=100")).body.length;
    await call(server.current, "/v1/pets", { method: "POST", body: '{"name":""}' });
    expect((await call(server.current, "/v1/pets?limit=100")).body.length).toBe(before);
  });

  it.each([
    ["text/plain", "name=Rex"],
    ["application/x-www-form-urlencoded", "name=Rex&categoryId=1"],
    ["multipart/form-data; boundary=x", "--x--"],
    ["application/xml", "<pet/>"],
  ])("answers 415 for Content-Type %s", async (contentType, body) => {
    const response = await call(server.current, "/v1/pets", {
      method: "POST",
      body,
      headers: { "content-type": contentType },
    });
    expect(response.status).toBe(415);
    expectError(415, response.body, "unsupported_media_type");
    expectContractResponse("createPet", 415, response.body);
    expect(response.body.message).toContain("Content-Type: application/json");
  });

  it("accepts application/json with a charset", async () => {
    const response = await call(server.current, "/v1/pets", {
      method: "POST",
      body: JSON.stringify({ name: "Rex", categoryId: 1 }),
      headers: { "content-type": "application/json; charset=utf-8" },
    });
    expect(response.status).toBe(201);
  });

  it("answers 413 for a chunked body that grows past 1 MiB (no Content-Length)", async () => {
    const chunk = new TextEncoder().encode("x".repeat(64 * 1024));
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ < 40) controller.enqueue(chunk);
        else controller.close();
      },
    });
    const response = await fetch(`${server.current.baseUrl}/pets`, {
      method: "POST",
      headers: { authorization: "Bearer sk_test_primary", "content-type": "application/json" },
      body,
      duplex: "half",
    } as RequestInit);
    expect(response.status).toBe(413);
    expectError(413, await response.json(), "payload_too_large");
  });

  it("answers 413 for a body over 1 MiB and accepts one just under", async () => {
    const huge = await call(server.current, "/v1/pets", {
      method: "POST",
      body: JSON.stringify({ name: "x".repeat(1024 * 1024), categoryId: 1 }),
    });
    expect(huge.status).toBe(413);
    expectError(413, huge.body, "payload_too_large");
    expectContractResponse("createPet", 413, huge.body);
    expect(huge.body.message).toContain("1048576 bytes");

    // Fields NewPet does not name are ignored, so they can fill the body up to the limit.
    const padding = 1024 * 1024 - JSON.stringify({ name: "y", categoryId: 1, note: "" }).length;
    const fits = await createPet(server.current, { name: "y", categoryId: 1, note: "y".repeat(padding) });
    expect(fits.status).toBe(201);
  });
});
