import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { generatedDir, renderGeneratedFiles } from "./generated-files";

for (const [name, text] of Object.entries(renderGeneratedFiles())) {
  await writeFile(join(generatedDir, name), text);
  console.log(`wrote src/generated/${name}`);
}
