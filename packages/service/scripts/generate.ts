import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { generatedDir, missingOperationFiles, renderOperations, renderValidators } from "./generated-files";

await mkdir(generatedDir, { recursive: true });
for (const [name, text] of Object.entries({ ...renderValidators(), ...renderOperations() })) {
  await writeFile(join(generatedDir, name), text);
  console.log(`wrote src/generated/${name}`);
}
for (const line of missingOperationFiles()) console.warn(line);
