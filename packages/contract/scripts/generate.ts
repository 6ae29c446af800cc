import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { generatedDir, renderGeneratedFiles } from "./generated-files";

// A contract the service cannot keep (an operation missing a status it answers) is refused, one line per problem.
const files = await renderGeneratedFiles().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
await mkdir(generatedDir, { recursive: true });
for (const [name, text] of Object.entries(files)) {
  await writeFile(join(generatedDir, name), text);
  console.log(`wrote src/generated/${name}`);
}
