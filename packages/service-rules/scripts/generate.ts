import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { generatedDir, renderValidators } from "./generated-files";

await mkdir(generatedDir, { recursive: true });
for (const [name, text] of Object.entries(renderValidators())) {
  await writeFile(join(generatedDir, name), text);
  console.log(`wrote src/generated/${name}`);
}
