// Child process: the bare node:http baseline, serving the bytes given in BENCH_BODY_BASE64
// (with BENCH_CONTENT_TYPE, default application/json).
import { announcePort } from "../internal/child-server";
import { startFixedBytesServer } from "../internal/fixed-bytes-server";

const encoded = process.env.BENCH_BODY_BASE64;
if (encoded === undefined) throw new Error("[@petstore/bench] BENCH_BODY_BASE64 is not set");
const { port } = await startFixedBytesServer(Buffer.from(encoded, "base64"), process.env.BENCH_CONTENT_TYPE);
announcePort(port);
// Exit through process.exit, so `--cpu-prof` (pnpm bench -- --profile) writes this process's profile too.
process.on("SIGTERM", () => process.exit(0));
