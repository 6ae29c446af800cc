import { createMemoryStore } from "../../src/index";
import { describeStoreContract } from "./suite";

describeStoreContract("memory", { fresh: async (options) => createMemoryStore(options) });
