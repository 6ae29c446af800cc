import { createMemoryStore } from "../../src/index";
import { describeStoreContract } from "./suite";

describeStoreContract("memory (SQLite :memory:)", { fresh: async (options) => createMemoryStore(options) });
