import { describe, expect, it } from "vitest";
import { ConfigError } from "../../src/config";
import { startupMessage } from "../../src/startup-error";

const systemError = (code: string, message: string) => Object.assign(new Error(message), { code });

describe("startupMessage", () => {
  it.each([
    [
      systemError("EROFS", "EROFS: read-only file system, open '/ro/p.jsonl.lock'"),
      /cannot start: EROFS.*point PETSTORE_DATA_DIR at a writable location/,
    ],
    [
      systemError("EISDIR", "EISDIR: illegal operation on a directory"),
      /a folder on the path is not what was expected: check PETSTORE_DATA_DIR/,
    ],
    [systemError("ENOTFOUND", "getaddrinfo ENOTFOUND nonsense"), /check HOST/],
    [
      systemError("ENOSPC", "ENOSPC: no space left on device, write"),
      /cannot start: ENOSPC: no space left on device, write \(the disk is full: free space on it/,
    ],
    [systemError("EFBIG", "EFBIG: file too large, write"), /ulimit -f/],
    [
      Object.assign(systemError("ELOOP", "ELOOP: too many symbolic links encountered, open '/x'"), { syscall: "open" }),
      /cannot start: ELOOP: .*a system error: check PETSTORE_DATA_DIR/,
    ],
    [new ConfigError("[@petstore/server] PORT must be an integer"), /^\[@petstore\/server\] PORT must be an integer$/],
    [
      new Error("[@petstore/server] /x.jsonl is in use by process 7"),
      /^\[@petstore\/server\] \/x.jsonl is in use by process 7$/,
    ],
  ])("an operator's problem is one line: %s", (error, expected) => {
    const text = startupMessage(error);
    expect(text).toMatch(expected);
    expect(text).not.toContain("\n");
  });

  it("anything else is a bug and keeps its stack", () => {
    const bug = new TypeError("Cannot read properties of undefined");
    expect(startupMessage(bug)).toBe(bug.stack);
  });
});
