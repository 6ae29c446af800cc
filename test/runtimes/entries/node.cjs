const { runScenario } = require("../.build/scenario.cjs");

runScenario(JSON.parse(process.argv[2])).then((result) => {
  console.log(JSON.stringify({ sdk: require.resolve("@petstore/client"), ...result }));
});
