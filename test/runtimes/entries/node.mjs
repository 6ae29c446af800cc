import { runScenario } from "../.build/scenario.mjs";

const result = await runScenario(JSON.parse(process.argv[2]));
console.log(JSON.stringify({ sdk: import.meta.resolve("@petstore/client"), ...result }));
