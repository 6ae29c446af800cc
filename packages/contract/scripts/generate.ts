import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { generatedDir, renderGeneratedFiles } from "./generated-files";

const files = await renderGeneratedFiles();
await mkdir(generatedDir, { recursive: true });
for (const [name, text] of Object.entries(files)) {
  await writeFile(join(generatedDir, name), text);
  console.log(`wrote src/generated/${name}`);
}
