import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
import { VERSION } from "../src/index";
import { packageDir } from "./helpers/typescript";

it("the generated VERSION equals package.json's version (run `pnpm --filter @petstore/client generate` when it fails)", () => {
  const { version } = JSON.parse(readFileSync(join(packageDir, "package.json"), "utf8")) as { version: string };
  expect(VERSION).toBe(version);
});
