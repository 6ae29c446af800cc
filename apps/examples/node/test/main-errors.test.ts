import { spawn } from "node:child_process";
import { createServer, type AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { expect, test } from "vitest";

const dir = fileURLToPath(new URL("..", import.meta.url));

/** Runs src/main.ts as `npm start` does (tsx) until it exits; it never should here. */
function start(
  env: Record<string, string | undefined>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const clean: NodeJS.ProcessEnv = { ...process.env, PORT: "0" };
  delete clean.PETSTORE_API_KEY;
  delete clean.PETSTORE_BASE_URL;
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined) delete clean[name];
    else clean[name] = value;
  }
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", "src/main.ts"], {
      cwd: dir,
      env: clean,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.once("close", (code) => resolve({ code, stdout, stderr }));
  });
}

const noKey = "[@petstore/client] No API key: pass { apiKey } or set PETSTORE_API_KEY.\n";
const badUrl = (url: string) =>
  `[@petstore/client] baseUrl must be an http(s) URL without credentials, query or fragment; got "${url}".\n`;

const cases: [string, Record<string, string>, string][] = [
  ["no PETSTORE_API_KEY", {}, noKey],
  ["an empty PETSTORE_API_KEY", { PETSTORE_API_KEY: "" }, noKey],
  ...["nonsense", "ftp://x/v1", "http://u:p@127.0.0.1/v1"].map((url): [string, Record<string, string>, string] => [
    `PETSTORE_BASE_URL=${url}`,
    { PETSTORE_API_KEY: "key", PETSTORE_BASE_URL: url },
    badUrl(url),
  ]),
];

test.concurrent.each(cases)(
  "with %s, `npm start` prints the SDK's message as one line and exits 1",
  async (_, env, stderr) => {
    expect(await start(env)).toEqual({ code: 1, stdout: "", stderr });
  },
);

test("with a busy PORT, `npm start` says so in one line and exits 1", async () => {
  const busy = createServer();
  await new Promise<void>((resolve) => busy.listen(0, "127.0.0.1", resolve));
  const { port } = busy.address() as AddressInfo;
  try {
    expect(await start({ PETSTORE_API_KEY: "key", PORT: String(port) })).toEqual({
      code: 1,
      stdout: "",
      stderr: `[@petstore/example-node] port ${port} is in use: set PORT to a free port (0 picks one)\n`,
    });
  } finally {
    busy.close();
  }
});
