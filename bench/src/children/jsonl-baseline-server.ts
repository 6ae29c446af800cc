// Child process: the reference server (the same startServer) on the retired JSON-lines store, frozen under
// src/baselines/jsonl-store/, with its data file at BENCH_DATA_FILE: the baseline of the create-throughput benchmark.
import { startServer } from "@petstore/server";
import { createFileStore } from "../baselines/jsonl-store/file";
import { benchApiKey } from "../fixtures";
import { announcePort } from "../internal/child-server";

const dataFile = process.env.BENCH_DATA_FILE;
if (!dataFile) throw new Error("[@petstore/bench] jsonl-baseline-server.ts needs BENCH_DATA_FILE");
const store = await createFileStore(dataFile);
const server = await startServer({ port: 0, apiKeys: [benchApiKey], store, logger: false });
process.on("SIGTERM", () => void server.close().then(() => process.exit(0)));
announcePort(Number(new URL(server.url).port));
