import { ConfigError } from "./config";

// System errors an operator can fix, with what to do; anything else is a bug and keeps its stack.
const HINTS: Record<string, string> = {
  EADDRINUSE: "another process is listening there: stop it or set PORT to a free port",
  EADDRNOTAVAIL: "this machine has no such address: set HOST to one of its addresses, such as 127.0.0.1",
  ENOTFOUND: "the host name does not resolve: check HOST (or the host in DATABASE_URL)",
  EACCES: "permission denied: pick a port above 1023, or a data folder this user may write (PETSTORE_DATA_DIR)",
  EPERM: "permission denied: point PETSTORE_DATA_DIR at a folder this user may write",
  EROFS: "the file system is read-only: point PETSTORE_DATA_DIR at a writable location",
  ENOENT: "a folder on the path does not exist and cannot be created: check PETSTORE_DATA_DIR",
  ENOTDIR: "part of the path is a file, not a folder: check PETSTORE_DATA_DIR",
  EEXIST: "part of the path is a file, not a folder: check PETSTORE_DATA_DIR",
  EISDIR: "a folder on the path is not what was expected: check PETSTORE_DATA_DIR",
  ECONNREFUSED: "nothing answers there: is PostgreSQL running at DATABASE_URL?",
  ENOSPC: "the disk is full: free space on it, or point PETSTORE_DATA_DIR at another disk",
  EDQUOT: "the disk quota is used up: free space, or point PETSTORE_DATA_DIR at another disk",
  EFBIG: "the file size limit is reached (ulimit -f): raise it, or point PETSTORE_DATA_DIR at another disk",
  EIO: "the disk reported an I/O error: check it, or point PETSTORE_DATA_DIR at another disk",
  EMFILE: "this process may open no more files: raise the limit (ulimit -n)",
  ENFILE: "the system may open no more files: close other programs or raise fs.file-max",
};

/** The one-line message `pnpm start` prints when it cannot start; a stack only for errors that are bugs. */
export function startupMessage(error: unknown): string {
  if (error instanceof ConfigError) return error.message;
  const { code, message, stack } = (error ?? {}) as { code?: unknown; message?: unknown; stack?: unknown };
  if (typeof message === "string" && message.startsWith("[@petstore/server]")) return message;
  if (typeof code === "string" && code in HINTS)
    return `[@petstore/server] cannot start: ${String(message)} (${HINTS[code]}).`;
  // Any other error the system reported (it names a system call) is the machine's, not a bug: still one line.
  if (typeof code === "string" && "syscall" in (error as object)) {
    return `[@petstore/server] cannot start: ${String(message)} (a system error: check PETSTORE_DATA_DIR, PORT and HOST).`;
  }
  return String(stack ?? error);
}
