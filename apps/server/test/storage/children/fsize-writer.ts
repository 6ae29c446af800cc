// Runs under `ulimit -f` (see file-write-failure.test.ts): creates the pets named in argv on the data file
// in argv[2], one after another, and prints one JSON line per create: `{"id":…}` or `{"error":"CODE"}`.
import { createFileStore } from "../../../src/store/file";

const [file, ...names] = process.argv.slice(2);
const store = await createFileStore(file!);
for (const name of names) {
  try {
    const { pet } = await store.create({ name, categoryId: 1 });
    process.stdout.write(`${JSON.stringify({ id: pet.id })}\n`);
  } catch (error) {
    // The store reports the failed write as unavailable (a 503), with the system error as its cause.
    const cause = (error as Error).cause as NodeJS.ErrnoException | undefined;
    process.stdout.write(
      `${JSON.stringify({ error: `${(error as Error).name} ${cause?.code ?? (error as Error).message}` })}\n`,
    );
  }
}
await store.close();
