import { readFileSync, unlinkSync, writeFileSync } from "node:fs";

/**
 * Takes `<data file>.lock` holding our pid, so two processes never append to one data file.
 * A lock left by a process that no longer runs (e.g. after kill -9) is taken over.
 */
export function acquireLock(path: string): () => void {
  const lockPath = `${path}.lock`;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(lockPath, String(process.pid), { flag: "wx" });
      return () => {
        try {
          unlinkSync(lockPath);
        } catch {
          // already gone: nothing to release
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const owner = Number(readFileSync(lockPath, "utf8"));
      if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && isRunning(owner)) {
        throw new Error(
          `[@petstore/server] ${path} is in use by process ${owner}. Stop it, or point PETSTORE_DATA_FILE at another file.`,
        );
      }
      if (owner === process.pid) {
        throw new Error(`[@petstore/server] ${path} is already open in this process: close the other store first.`);
      }
      unlinkSync(lockPath);
    }
  }
  throw new Error(`[@petstore/server] could not lock ${path}`);
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
