// The site's Web Worker (rulekeeper-worker.js), run in Node as a browser would run it: its
// global scope is faked (self, postMessage, fetch of the site's files), and the
// files are those the build writes. It must load Pyodide from the site's own files, reach for
// no network, report progress, and answer each op with exactly one result or error.
//
//   node tests/pyodide/check_worker.mjs WORKER_JS RUNTIME_DIR
import { mkdtempSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { register } from "node:module";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import vm from "node:vm";

const [workerFile, runtimeDir] = process.argv.slice(2).map((p) => resolve(p));
// A site folder of its own: the worker beside runtime/, as the build lays them out.
const site = mkdtempSync(join(tmpdir(), "site-"));
symlinkSync(runtimeDir, join(site, "runtime"));
const here = `${pathToFileURL(site).href}/`;
register("./node_paths.mjs", import.meta.url);

const reached = [];
const nodeFetch = globalThis.fetch;
globalThis.fetch = async (url, ...rest) => {
  const address = String(url);
  if (address.startsWith("file:")) {
    return new Response(readFileSync(fileURLToPath(address)));
  }
  reached.push(address);
  return nodeFetch(address, ...rest);
};
const messages = [];
globalThis.self = globalThis;
self.location = { href: `${here}rulekeeper-worker.js` };
self.postMessage = (message) => messages.push(message);
// The worker imports Pyodide's loader as a module worker may.
const loader = { importModuleDynamically: vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER };
vm.runInThisContext(readFileSync(workerFile, "utf8"), loader);

const answers = (id) => messages.filter((m) => m.id === id);
const ask = async (id, op, args) => {
  await self.onmessage({ data: { id, op, args } });
  const last = answers(id).at(-1);
  if (last.type === "error") {
    throw new Error(`op ${op} failed: ${last.message}`);
  }
  return last.value;
};
const fail = (why) => {
  console.error(`FAILED ${why}`);
  process.exitCode = 1;
};

const start = "Format: rr\n\nAlice: ep 3; hand Barrow Wight, Gloom Brute\nBob: hand Brace\n";
const started = performance.now();
const first = await ask(1, "play", { position: start, moves: ["Alice casts Gloom Brute face down"] });
const ready = performance.now();
if (first.error?.rule !== "RR 13.2a") fail(`play gave ${JSON.stringify(first.error)}`);
const progress = answers(1).filter((m) => m.type === "progress");
if (progress.length < 3 || progress.at(-1).fraction !== 1) fail("no progress while loading");
if (answers(1).filter((m) => m.type !== "progress").length !== 1) fail("not exactly one answer");
const blocks = [
  { kind: "setup", source: ">>> x = 40\n", line: 1, rule: null },
  { kind: "example", source: ">>> x + 2\n42\n", line: 3, rule: "RR 1.1a" },
];
const ran = await ask(2, "run_page", { blocks, upto: 1 });
if (!ran[0]?.ok) fail(`run_page gave ${JSON.stringify(ran)}`);
if (answers(2).some((m) => m.type === "progress")) fail("progress after loading");
const done = await ask(3, "finish", { position: start, moves: [], seed: 1 });
if (!done.over) fail("finish did not end the game");
await self.onmessage({ data: { id: 4, op: "format_disk", args: {} } });
if (answers(4)[0]?.type !== "error") fail("an unknown op was not refused");
if (reached.length) fail(`the worker reached for the network: ${reached.join(", ")}`);

// Where it cannot run, a worker of its own says why, once per request, in words.
async function refusal(globals, runtimeFolder) {
  const posted = [];
  const sandbox = vm.createContext({
    URL,
    JSON,
    location: { href: `${here}rulekeeper-worker.js` },
    postMessage: (message) => posted.push(message),
    fetch: async (url) => {
      const file = fileURLToPath(String(url).replace(`${here}runtime/`, runtimeFolder));
      return new Response(readFileSync(file));
    },
    ...globals,
  });
  sandbox.self = sandbox;
  vm.runInContext(readFileSync(workerFile, "utf8"), sandbox);
  await sandbox.onmessage({ data: { id: 9, op: "play", args: {} } });
  return posted.filter((m) => m.type !== "progress");
}
const noWasm = await refusal({ WebAssembly: undefined }, `${here}runtime/`);
if (noWasm.length !== 1 || !noWasm[0].message.includes("cannot run WebAssembly")) {
  fail(`without WebAssembly: ${JSON.stringify(noWasm)}`);
}
const unbundledDir = mkdtempSync(join(tmpdir(), "unbundled-"));
writeFileSync(
  join(unbundledDir, "runtime.json"),
  JSON.stringify({ bundled: false, reason: "npm is not installed", pyodide: "0", files: {} }),
);
const unbundled = await refusal({}, `${pathToFileURL(unbundledDir).href}/`);
if (unbundled[0]?.message !== "The runtime was not bundled with this site: npm is not installed") {
  fail(`without the runtime: ${JSON.stringify(unbundled)}`);
}
console.log(
  `worker: loaded and answered in ${((ready - started) / 1000).toFixed(1)} s; ` +
    `${progress.length} progress messages; ${reached.length} network requests`,
);
