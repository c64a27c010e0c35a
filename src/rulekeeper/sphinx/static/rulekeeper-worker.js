// The worked examples' runtime: a Web Worker that runs the rules engine on Pyodide, from the
// site's own files (_static/runtime/, written by rulekeeper.sphinx.runtime), never a CDN.
//
// It is a module worker (new Worker(url, {type: "module"})): Pyodide 314 does not start in a
// classic one. A page posts {id, op, args}; the worker answers with zero or more
// {id, type: "progress", message, fraction} while it loads, then exactly one
// {id, type: "result", value} or {id, type: "error", message}. Each op is the function of the
// same name in rulekeeper.browser.api, called with args as keywords; its value is JSON.
//
// A later visit starts from a memory snapshot: once the worker has answered and been idle for
// a moment, and again whenever the engine has loaded more since (a format's modules, the card
// index), it copies Pyodide's memory into the browser's Cache Storage, named after runtime.json, so that the
// next start restores the interpreter with the engine imported instead of starting Python and
// importing it again. A page never Run stores and loads nothing; a browser without Cache
// Storage (a page served over plain http from another host) starts as on a first visit.
const OPS = new Set(["run_page", "play", "explain", "finish"]);
const RUNTIME = new URL("runtime/", self.location.href);
const SNAPSHOTS = "rulekeeper-runtime"; // the Cache Storage the snapshots are kept in
const IDLE = 1000; // ms without a request before a snapshot is taken: never in a reader's way

let loading = null; // the promise of the loaded Pyodide, made on the first request
const waiting = new Set(); // the requests that wait for it, each told of the progress
let store = null; // where this runtime's snapshot is kept: {cache, url}, or null
let snapshotOf = 0; // how much of the engine the stored snapshot holds (api.loaded())
let snapshotTimer = null;

/* The worker's own marks: each step of its start and each answer, as a User Timing measure
   named "rulekeeper: <step>" (the browser's performance tools show them; the bench prints
   them). Returns the time it ends, where the next step starts. */
function measure(step, start) {
  const end = performance.now();
  try {
    performance.measure(`rulekeeper: ${step}`, { start, end });
  } catch (error) {
    // A browser without User Timing's start and end options keeps no marks; it still answers.
  }
  return end;
}

function progress(message, fraction) {
  for (const id of waiting) {
    self.postMessage({ id, type: "progress", message, fraction });
  }
}

async function fetchOk(url, what) {
  const response = await fetch(url);
  if (!response.ok) {
    throw new Error(`${what} could not be loaded (${response.status} ${url})`);
  }
  return response;
}

/* Where this runtime's snapshot is kept: a name made from runtime.json, which holds every
   file's sha256, so that a snapshot of another engine or Pyodide is never restored. */
async function snapshotStore(manifestText) {
  if (typeof caches !== "object" || !self.crypto?.subtle) return null;
  try {
    const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(manifestText));
    const hex = [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
    return { cache: await caches.open(SNAPSHOTS), url: new URL(`snapshot-${hex}.bin`, RUNTIME).href };
  } catch (error) {
    return null; // storage refused (a private window's quota, say): start as on a first visit
  }
}

/* Pyodide restores a snapshot into the memory its module starts with, which is smaller than
   the snapshot's: grow it first. The snapshot's second 32-bit word is its header's size. */
function growingTo(snapshot, create) {
  const header = new Uint32Array(snapshot.buffer, snapshot.byteOffset, 4)[1];
  const size = snapshot.byteLength - header;
  return async (settings) => {
    const module = await create(settings);
    if (module.HEAP8.length < size) module.growMemory(size);
    return module;
  };
}

async function startPython(indexURL, saved) {
  // Imported here, not at the top: a site without the runtime must still get its answer.
  const { loadPyodide } = await import(`${indexURL}pyodide.mjs`);
  // indexURL and the lock file are the site's own; no package is loaded, so Pyodide never
  // reaches for its CDN.
  const options = {
    indexURL,
    lockFileURL: `${indexURL}pyodide-lock.json`,
    packages: [],
    // Compiled modules are not written back: the files live in memory for this visit only.
    env: { PYTHONDONTWRITEBYTECODE: "1" },
    _makeSnapshot: store !== null,
  };
  if (saved) {
    const snapshot = new Uint8Array(await saved.arrayBuffer());
    const create = (await import(`${indexURL}pyodide.asm.mjs`)).default;
    try {
      const pyodide = await loadPyodide({
        ...options,
        _loadSnapshot: snapshot,
        createPyodideModule: growingTo(snapshot, create),
      });
      return { pyodide, restored: true };
    } catch (error) {
      // A snapshot that does not restore is dropped; start as on a first visit.
      await store.cache.delete(store.url);
    }
  }
  return { pyodide: await loadPyodide(options), restored: false };
}

async function load() {
  if (typeof WebAssembly !== "object" || typeof WebAssembly.instantiate !== "function") {
    throw new Error(
      "This browser cannot run WebAssembly, which running the examples needs. " +
        "Try a current version of Firefox, Chrome, Edge or Safari, or run them with " +
        "the rulekeeper command.",
    );
  }
  let mark = performance.now();
  progress("Reading what the site bundled", 0.02);
  const manifestText = await (await fetchOk(new URL("runtime.json", RUNTIME), "runtime.json")).text();
  const manifest = JSON.parse(manifestText);
  if (!manifest.bundled) {
    throw new Error(`The runtime was not bundled with this site: ${manifest.reason}`);
  }
  // The engine is fetched while Python starts.
  const engine = fetchOk(new URL("engine.zip", RUNTIME), "engine.zip").then((r) => r.arrayBuffer());
  engine.catch(() => {}); // a failure is reported where it is awaited
  store = await snapshotStore(manifestText);
  const saved = store && (await store.cache.match(store.url).catch(() => undefined));
  progress(
    saved ? "Restoring the engine from your last visit" : `Loading Python (Pyodide ${manifest.pyodide})`,
    0.1,
  );
  const indexURL = new URL("pyodide/", RUNTIME).href;
  mark = measure("runtime.json", mark);
  const { pyodide, restored } = await startPython(indexURL, saved);
  mark = measure(restored ? "restore the snapshot" : "start Python", mark);
  progress("Loading the rules engine", 0.7);
  const sitePackages = pyodide.runPython("import sysconfig; sysconfig.get_paths()['purelib']");
  // A snapshot holds Python's memory, not its files: the engine's files are unpacked again.
  pyodide.unpackArchive(await engine, "zip", { extractDir: sitePackages });
  mark = measure("unpack engine.zip", mark);
  progress("Starting the rules engine", 0.85);
  pyodide.runPython("import rulekeeper.browser.api");
  measure("import the engine", mark);
  if (restored) snapshotOf = loaded(pyodide);
  progress("Ready", 1);
  return pyodide;
}

function loaded(pyodide) {
  return pyodide.runPython("from rulekeeper.browser import api\napi.loaded()");
}

/* When idle after an answer: keep a snapshot of the interpreter if it holds more of the engine
   than the stored one. Copying the memory takes a few tens of milliseconds, storing it
   happens in the background. A failure only means the next visit starts as the first did. */
async function keepSnapshot(pyodide) {
  if (!store) return;
  try {
    const holds = loaded(pyodide);
    if (holds <= snapshotOf) return;
    snapshotOf = holds;
    const started = performance.now();
    const snapshot = pyodide.makeMemorySnapshot();
    measure("copy a snapshot", started);
    await store.cache.put(store.url, new Response(snapshot));
    for (const request of await store.cache.keys()) {
      if (request.url !== store.url) await store.cache.delete(request);
    }
  } catch (error) {
    store = null;
  }
}

function call(pyodide, op, args) {
  pyodide.globals.set("rulekeeper_request", JSON.stringify(args || {}));
  const text = pyodide.runPython(
    "import json\n" +
      "from rulekeeper.browser import api\n" +
      `json.dumps(api.${op}(**json.loads(rulekeeper_request)))`,
  );
  return JSON.parse(text);
}

function reason(error) {
  // A Python exception's message is its whole traceback; its last line says what went wrong.
  const lines = String((error && error.message) || error)
    .trim()
    .split("\n");
  return lines[lines.length - 1];
}

self.onmessage = async (event) => {
  const { id, op, args } = event.data || {};
  let pyodide = null;
  try {
    if (!OPS.has(op)) {
      throw new Error(`unknown op ${JSON.stringify(op)}; the ops are ${[...OPS].join(", ")}`);
    }
    if (snapshotTimer !== null) clearTimeout(snapshotTimer); // a request is not to wait for it
    waiting.add(id);
    if (loading === null) {
      loading = load();
    }
    pyodide = await loading.finally(() => waiting.delete(id));
    const started = performance.now();
    const value = call(pyodide, op, args);
    measure(op, started);
    self.postMessage({ id, type: "result", value });
  } catch (error) {
    self.postMessage({ id, type: "error", message: reason(error) });
  }
  if (pyodide && store) {
    if (snapshotTimer !== null) clearTimeout(snapshotTimer);
    snapshotTimer = setTimeout(() => keepSnapshot(pyodide), IDLE);
  }
};
