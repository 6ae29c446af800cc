// `pnpm mock:prism`: starts Prism on the contract and prints the base URL to give the SDK, until Ctrl-C.
import { startPrism } from "../src/prism/index";

const port = Number(process.env.PORT ?? 4010);
const dynamic = process.argv.includes("--dynamic");
const prism = await startPrism({ port, dynamic });
console.log(`[@petstore/mock] Prism is mocking the Petstore contract at ${prism.baseUrl}`);
console.log(`[@petstore/mock] Use it from the SDK: createPetstoreClient({ apiKey: "any-key", baseUrl: "${prism.baseUrl}" })`);
const answers = dynamic ? "answers are random bodies valid against the contract's schemas" : "answers come from the contract's examples";
console.log(`[@petstore/mock] Paths live at the root (no /v1); any bearer token works; ${answers}. Ctrl-C stops it.`);
const shutdown = () => void prism.stop().then(() => process.exit(0));
process.once("SIGINT", shutdown);
process.once("SIGTERM", shutdown);
