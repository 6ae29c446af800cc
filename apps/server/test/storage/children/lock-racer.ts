// A process that opens a file store on command, for the lock race test. Reads lines from stdin:
// `open <file> <epoch ms>` waits until that moment (so all racers start together), tries to open, and prints
// `got` or `refused <message>`; `close` closes the store if it holds one and prints `closed`.
import { createInterface } from "node:readline";
import { createFileStore } from "../../../src/store/file";
import type { PetStore } from "../../../src/store/types";

let store: PetStore | undefined;
for await (const line of createInterface({ input: process.stdin })) {
  const [command, file, at] = line.split(" ");
  if (command === "open") {
    while (Date.now() < Number(at)) {
      // spin: a timer would wake the racers too far apart to collide
    }
    try {
      store = await createFileStore(file!);
      process.stdout.write("got\n");
    } catch (error) {
      process.stdout.write(`refused ${(error as Error).message}\n`);
    }
  } else if (command === "close") {
    await store?.close();
    store = undefined;
    process.stdout.write("closed\n");
  }
}
