// The client's size budgets (read by `pnpm size` and `pnpm lint`'s check:size): each check may weigh its `base` plus
// `perOperation` bytes for every operation of the contract, so the API can grow by operations that cost what a
// typical one costs today (the median saving of removing each), while the shared engine cannot grow past the 50 B
// rounding of the base. scripts/operation-cost.ts measures both numbers (`pnpm --filter @petstore/client
// size:measure`, into size-budget.json); the operations come from the contract.
import { readFileSync } from "node:fs";
import { operations } from "@petstore/contract";

const budget = JSON.parse(readFileSync(new URL("./size-budget.json", import.meta.url), "utf8"));
const count = Object.keys(operations).length;

export default budget.checks.map(({ base, perOperation, ...check }) => ({
  ...check,
  limit: `${base + perOperation * count} B`,
}));
