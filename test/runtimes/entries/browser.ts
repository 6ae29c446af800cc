import { runScenario } from "../scenario.ts";

(globalThis as { runScenario?: typeof runScenario }).runScenario = runScenario;
