// Bun and Deno run the TypeScript scenario as it is, as their users would.
import { runScenario } from "../scenario.ts";

const runtime = globalThis as { Deno?: { args: string[] }; process?: { argv: string[] } };
const input = JSON.parse((runtime.Deno ? runtime.Deno.args[0] : runtime.process?.argv[2]) ?? "");
const result = await runScenario(input);
console.log(JSON.stringify({ sdk: import.meta.resolve("@petstore/client"), ...result }));
