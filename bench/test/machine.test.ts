import os from "node:os";
import { describe, expect, it } from "vitest";
import { describeMachine } from "../src/machine";

describe("describeMachine", () => {
  it("reports cores, CPU model, memory, Node version and load of this machine", () => {
    const machine = describeMachine();
    expect(machine.nproc).toBe(os.availableParallelism());
    expect(machine.cpuModel.length).toBeGreaterThan(0);
    expect(machine.cpuModel).not.toBe("unknown");
    expect(machine.memoryGiB).toBeCloseTo(os.totalmem() / 1024 ** 3, 1);
    expect(machine.node).toBe(process.version);
    expect(machine.loadAverage).toHaveLength(3);
  });
});
