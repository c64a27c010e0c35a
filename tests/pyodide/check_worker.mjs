// The site's Web Worker (rulekeeper-worker.js), run in Node as a browser would run it: its
// global scope is faked (self, postMessage, fetch of the site's files), and the
// files are those the build writes. It must load Pyodide from the site's own files, reach for
// no network, report progress, and answer each op with exactly one result or error; then
// store a memory snapshot (in a faked Cache Storage) from which a second worker starts and
// answers exactly as the first did.
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
// The browser's Cache Storage, faked: the worker keeps its memory snapshot there.
const stored = new Map();
const snapshots = {
  match: async (url) => (stored.has(String(url)) ? new Response(stored.get(String(url))) : undefined),
  put: async (url, response) => stored.set(String(url), new Uint8Array(await response.arrayBuffer())),
  keys: async () => [...stored.keys()].map((url) => ({ url })),
  delete: async (request) => stored.delete(String(request.url ?? request)),
};
globalThis.caches = { open: async () => snapshots };
const messages = [];
globalThis.self = globalThis;
self.location = { href: `${here}rulekeeper-worker.js` };
self.postMessage = (message) => messages.push(message);
// The worker imports Pyodide's loader as a module worker may.
const loader = { importModuleDynamically: vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER };
const workerSource = readFileSync(workerFile, "utf8");
vm.runInThisContext(workerSource, loader);

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
// Its own marks, one a step of its start and one an answer, for the bench to print.
const marks = performance.getEntriesByType("measure").map((m) => m.name);
for (const step of ["start Python", "unpack engine.zip", "import the engine", "play", "run_page"]) {
  if (!marks.includes(`rulekeeper: ${step}`)) fail(`no mark of ${step}: ${JSON.stringify(marks)}`);
}
await self.onmessage({ data: { id: 4, op: "format_disk", args: {} } });
if (answers(4)[0]?.type !== "error") fail("an unknown op was not refused");

// Idle after its answers, the worker stores a snapshot of its memory; a worker started later
// (a block of its own scope, as a new page's worker) restores it and answers as the first did.
const waitedFrom = performance.now();
while (stored.size === 0 && performance.now() - waitedFrom < 60_000) {
  await new Promise((resolve) => setTimeout(resolve, 100));
}
if (stored.size !== 1) fail(`${stored.size} snapshots stored, not one`);
vm.runInThisContext(`{\n${workerSource}\n}`, loader);
const restarted = performance.now();
const again = await ask(11, "play", { position: start, moves: ["Alice casts Gloom Brute face down"] });
const restored = performance.now();
if (JSON.stringify(again) !== JSON.stringify(first)) fail(`restored, play gave ${JSON.stringify(again)}`);
if (!answers(11).some((m) => m.type === "progress" && /last visit/.test(m.message))) {
  fail("the second worker did not restore the snapshot");
}
const ranAgain = await ask(12, "run_page", { blocks, upto: 1 });
if (JSON.stringify(ranAgain) !== JSON.stringify(ran)) fail(`restored, run_page gave ${JSON.stringify(ranAgain)}`);
if (reached.length) fail(`the worker reached for the network: ${reached.join(", ")}`);

// Where it cannot run, a worker of its own says why, once per request, in words.
async function refusal(globals, runtimeFolder) {
  const posted = [];
  const sandbox = vm.createContext({
    URL,
    JSON,
    performance,
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
    `${progress.length} progress messages; ${reached.length} network requests; restored ` +
    `from its snapshot and answered in ${((restored - restarted) / 1000).toFixed(1)} s`,
);
