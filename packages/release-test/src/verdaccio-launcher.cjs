// Starts Verdaccio from the given install folder on 127.0.0.1 with a free port and prints {"port": …}.
// Usage: node verdaccio-launcher.cjs <folder holding node_modules/verdaccio> <config.yaml>
const path = require("node:path");

const [installDir, configPath] = process.argv.slice(2);
const { runServer } = require(path.join(installDir, "node_modules", "verdaccio"));

runServer(configPath).then(
  (app) => {
    app.listen(0, "127.0.0.1", () => {
      process.stdout.write(`${JSON.stringify({ port: app.address().port })}\n`);
    });
  },
  (error) => {
    console.error("[@petstore/release-test] verdaccio failed to start:", error);
    process.exit(1);
  },
);
