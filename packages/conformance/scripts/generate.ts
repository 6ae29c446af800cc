import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { generatedDir, missingMatrixFiles, renderMatrix } from "./generated-files";

await mkdir(generatedDir, { recursive: true });
for (const [name, text] of Object.entries(renderMatrix())) {
  await writeFile(join(generatedDir, name), text);
  console.log(`wrote src/generated/${name}`);
}
for (const line of missingMatrixFiles()) console.warn(line);
