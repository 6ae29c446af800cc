// The root README's promises: the fresh-machine commands are what CI runs, the quick start works when pasted
// against the server `pnpm start` runs, every `pnpm` command it names exists, and every relative link resolves.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const readme = readFileSync(join(root, "README.md"), "utf8");
const rootScripts = Object.keys(JSON.parse(readFileSync(join(root, "package.json"), "utf8")).scripts as object);

/** Fenced blocks of one language, in order. */
function blocks(language: string): string[] {
  return [...readme.matchAll(new RegExp(`\`\`\`${language}\\n([\\s\\S]*?)\`\`\``, "g"))].map((match) =>
    match[1]!.trim(),
  );
}

/** Runs a command to its end, returning its exit code and output. */
function run(
  command: string,
  args: string[],
  options: { cwd: string; env?: NodeJS.ProcessEnv },
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(command, args, { cwd: options.cwd, env: { ...process.env, ...options.env } });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => (stdout += chunk));
    child.stderr.on("data", (chunk) => (stderr += chunk));
    child.on("error", reject);
    child.on("close", (code) => resolvePromise({ code, stdout, stderr }));
  });
}

describe("fresh-machine commands", () => {
  it("the test command is exactly what .ci/run runs", () => {
    const ci = readFileSync(join(root, ".ci/run"), "utf8");
    const [demoCommand, testCommand] = blocks("sh");
    expect(demoCommand).toBe("npm install -g pnpm@10.34.9 && pnpm install && pnpm demo");
    expect(testCommand).toBe("npm install -g pnpm@10.34.9 && pnpm install && pnpm test");
    expect(ci.split("\n")).toContain(testCommand);
  });

  it("pins the pnpm version that package.json's packageManager names", () => {
    const { packageManager } = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as {
      packageManager: string;
    };
    expect(blocks("sh")[0]).toContain(packageManager);
  });
});

describe("quick start", () => {
  let server: ChildProcess | undefined;
  const workdir = mkdtempSync(join(tmpdir(), "petstore-quickstart-"));
  const scripts: string[] = [];
  afterAll(() => {
    if (server?.pid) process.kill(-server.pid, "SIGTERM");
    rmSync(workdir, { recursive: true, force: true });
    for (const script of scripts) rmSync(script, { force: true });
  });

  /** Runs the README's `pnpm start` line (on a free port and a temporary store) and resolves with the base URL it prints. */
  function startServer(startLine: string): Promise<string> {
    const match = /^(\w+)=(\S+) pnpm start$/.exec(startLine);
    if (!match) throw new Error(`the quick start's server command changed: ${startLine}`);
    const child = spawn("pnpm", ["start"], {
      cwd: root,
      detached: true,
      env: {
        ...process.env,
        [match[1]!]: match[2],
        PORT: "0",
        PETSTORE_DATA_DIR: join(workdir, "data"),
        LOG_LEVEL: "warn",
      },
    });
    server = child;
    return new Promise((resolvePromise, reject) => {
      let output = "";
      child.stderr!.on("data", (chunk) => {
        output += chunk;
        const listening = /listening on (http:\/\/\S+\/v1)/.exec(output);
        if (listening) resolvePromise(listening[1]!);
      });
      child.on("exit", (code) => reject(new Error(`pnpm start exited with ${code}:\n${output}`)));
    });
  }

  it("creates, lists and reports a typed error against the server that `pnpm start` runs", async () => {
    const [startLine, runLine] = blocks("sh").slice(2);
    const [snippet] = blocks("js");
    expect(readme).toContain("listens on `http://127.0.0.1:4000/v1`");
    expect(snippet).toContain('baseUrl: "http://127.0.0.1:4000/v1"');
    const baseUrl = await startServer(startLine!);

    // The in-repo path the README gives before the packages are on npm: a script in playground/, whose
    // node_modules links the built SDK (`pnpm test` builds first). Same folder, so the same resolution as the
    // README's quickstart.mjs, under a name no user file has.
    expect(readme).toContain("build it once with `pnpm build`, then save this as\n`playground/quickstart.mjs`");
    const script = join(root, "playground", `.readme-quickstart-${process.pid}.mjs`);
    writeFileSync(script, snippet!.replace("http://127.0.0.1:4000/v1", baseUrl));
    scripts.push(script);

    const [envAssignment, ...command] = runLine!.split(" ");
    const [name, value] = envAssignment!.split("=");
    expect(command).toEqual(["node", "playground/quickstart.mjs"]);
    const result = await run("node", [join("playground", basename(script))], { cwd: root, env: { [name!]: value } });
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(
      /^created #\d+; available: Rex\n\[@petstore\/client\] 400 invalid_request: Body field "status" .+ \(request id \S+\)\n$/,
    );
  });
});

describe("links and commands", () => {
  it("every pnpm command the README names is a root script", () => {
    const named = [...readme.matchAll(/`pnpm ([\w:-]+)/g)]
      .map((match) => match[1]!)
      .filter((name) => !["install", "exec"].includes(name));
    expect(named.length).toBeGreaterThan(10);
    for (const name of named) expect(rootScripts, `pnpm ${name}`).toContain(name);
  });

  it("every relative link points at a file or folder of the repository", () => {
    const links = [...readme.matchAll(/\]\(([^)]+)\)/g)]
      .map((match) => match[1]!)
      .filter((href) => !/^[a-z]+:/.test(href));
    expect(links.length).toBeGreaterThan(10);
    for (const href of links) expect(existsSync(join(root, href.split("#")[0]!)), href).toBe(true);
  });
});
