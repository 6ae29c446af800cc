// @vitest-environment jsdom
import { expect, it, vi } from "vitest";
import { createPetstoreClient } from "../src/index";

it("in a vitest jsdom environment (window, document and navigator all exist) tests see no key warning", () => {
  expect(typeof window).toBe("object");
  expect(typeof document).toBe("object");
  expect(navigator.userAgent).toMatch(/jsdom/);
  const warn = vi.spyOn(console, "warn");
  try {
    createPetstoreClient({ apiKey: "pk_public_demo", baseUrl: "http://127.0.0.1:1/v1" });
    expect(warn).not.toHaveBeenCalled();
  } finally {
    warn.mockRestore();
  }
});
