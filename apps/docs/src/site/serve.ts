import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { extname, join, normalize, sep } from "node:path";

const contentTypes: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".yaml": "application/yaml; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".png": "image/png",
  ".svg": "image/svg+xml",
};

/** A running static server. */
export interface StaticServer {
  url: string;
  server: Server;
  close(): Promise<void>;
}

async function fileFor(root: string, pathname: string): Promise<string | undefined> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return undefined;
  }
  const candidate = normalize(join(root, decoded));
  if (candidate !== root && !candidate.startsWith(root + sep)) return undefined;
  const info = await stat(candidate).catch(() => undefined);
  if (info?.isFile()) return candidate;
  if (info?.isDirectory()) {
    const index = join(candidate, "index.html");
    if ((await stat(index).catch(() => undefined))?.isFile()) return index;
  }
  return undefined;
}

/** Serves the files under `root` on 127.0.0.1 (`port` 0 picks a free one); directories serve their index.html. */
export async function serveStatic(root: string, port = 0): Promise<StaticServer> {
  const base = normalize(root);
  const server = createServer(async (request, response) => {
    if (request.method !== "GET" && request.method !== "HEAD") {
      response.writeHead(405, { allow: "GET, HEAD", "content-type": "text/plain" }).end("Method not allowed\n");
      return;
    }
    const { pathname } = new URL(request.url ?? "/", "http://127.0.0.1");
    if (pathname.endsWith("/guide")) {
      response.writeHead(301, { location: `${pathname}/` }).end();
      return;
    }
    const file = await fileFor(base, pathname);
    if (!file) {
      response.writeHead(404, { "content-type": "text/plain" }).end(`Not found: ${pathname}\n`);
      return;
    }
    response.writeHead(200, {
      "content-type": contentTypes[extname(file)] ?? "application/octet-stream",
      "cache-control": "no-cache",
    });
    if (request.method === "HEAD") response.end();
    else createReadStream(file).pipe(response);
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", resolve);
  });
  const { port: actual } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${actual}/`,
    server,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
