// Every worked example of the rules pages, run under Pyodide in Node, as a reader's browser
// runs them: the same core files and engine.zip the site ships, and the same run_page. Each
// example runs twice, as a reader who presses Run again: the second run starts from the
// namespace kept before the example and must give exactly what the first gave.
//
//   node tests/pyodide/run_examples.mjs RUNTIME_DIR PAGES_JSON
//
// RUNTIME_DIR is what `python -m rulekeeper.sphinx.runtime --out DIR` writes; PAGES_JSON what
// `python -m rulekeeper.browser.pages --out FILE rules` writes. Exit status 0 when every
// example passes; each failure names its page, line and rule.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

const [runtimeDir, pagesFile] = process.argv.slice(2).map((p) => resolve(p));
if (!runtimeDir || !pagesFile) {
  console.error("usage: node run_examples.mjs RUNTIME_DIR PAGES_JSON");
  process.exit(2);
}

// Nothing may come from the network: the site serves every file itself.
const localFetch = globalThis.fetch;
globalThis.fetch = (url, ...rest) => {
  const text = String(url);
  if (/^https?:/.test(text)) {
    throw new Error(`the runtime reached for the network: ${text}`);
  }
  return localFetch(url, ...rest);
};

const started = performance.now();
const pyodideDir = `${runtimeDir}/pyodide/`;
const { loadPyodide } = await import(pathToFileURL(`${pyodideDir}pyodide.mjs`).href);
const pyodide = await loadPyodide({ indexURL: pyodideDir, packages: [] });
const sitePackages = pyodide.runPython("import sysconfig; sysconfig.get_paths()['purelib']");
pyodide.unpackArchive(new Uint8Array(readFileSync(`${runtimeDir}/engine.zip`)), "zip", {
  extractDir: sitePackages,
});
const loaded = performance.now();

pyodide.globals.set("PAGES", readFileSync(pagesFile, "utf8"));
const report = JSON.parse(
  pyodide.runPython(`
import json
from rulekeeper.browser.examples import check_pages
json.dumps(check_pages(json.loads(PAGES), again=True))
`),
);
const finished = performance.now();

for (const failure of report.failed) {
  console.log(`FAILED ${failure.where}`);
  console.log(`  >>> ${failure.source.trimEnd().replaceAll("\n", "\n  ... ")}`);
  console.log(`  expected: ${failure.want.trimEnd()}`);
  console.log(`  got:      ${failure.got.trimEnd()}`);
}
const total = report.passed + report.failed.length;
const seconds = (ms) => (ms / 1000).toFixed(1);
console.log(
  `pyodide ${pyodide.version}: ${report.passed} of ${total} examples passed ` +
    `(runtime loaded in ${seconds(loaded - started)} s, examples ran in ` +
    `${seconds(finished - loaded)} s)`,
);
process.exit(report.failed.length === 0 && total > 0 ? 0 : 1);
