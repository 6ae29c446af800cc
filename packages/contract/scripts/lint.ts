// `pnpm lint`: every operation declares each status the service answers it with before it runs (`x-request-errors`).
import { readFile } from "node:fs/promises";
import { parse } from "yaml";
import { undeclaredRequestErrors } from "./request-errors";
import type { OpenApiDocument } from "./resolve";

const document = parse(await readFile(new URL("../openapi.yaml", import.meta.url), "utf8")) as OpenApiDocument;
const problems = undeclaredRequestErrors(document);
for (const line of problems) console.error(`[@petstore/contract] ${line}`);
if (problems.length > 0) process.exit(1);
console.log("[@petstore/contract] lint: every operation declares the statuses of x-request-errors that apply to it");
