// Checked when the package loads, before msw is: msw and the handlers need the Fetch API (`Request`, `Response`,
// `Headers`, `fetch`). Jest's plain `jsdom` environment hides Node's, and msw then fails with a bare
// "ReferenceError: Request is not defined" that names neither the cause nor the fix.
const missing = ["Request", "Response", "Headers", "fetch"].filter(
  (name) => typeof (globalThis as Record<string, unknown>)[name] === "undefined",
);
if (missing.length > 0) {
  throw new Error(
    `[@petstore/mock] this environment has no ${missing.join(", ")} (the Fetch API), which msw and the handlers need. ` +
      'Under Jest, use the "jest-fixed-jsdom" test environment instead of "jsdom" (npm install --save-dev jest-fixed-jsdom; ' +
      'testEnvironment: "jest-fixed-jsdom"): it keeps Node\'s Fetch API. Elsewhere, run Node 20 or later.',
  );
}
