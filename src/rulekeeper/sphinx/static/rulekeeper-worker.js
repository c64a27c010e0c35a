// The worked examples' runtime: a Web Worker that runs the rules engine on Pyodide, from the
// site's own files (_static/runtime/, written by rulekeeper.sphinx.runtime), never a CDN.
//
// It is a module worker (new Worker(url, {type: "module"})): Pyodide 314 does not start in a
// classic one. A page posts {id, op, args}; the worker answers with zero or more
// {id, type: "progress", message, fraction} while it loads, then exactly one
// {id, type: "result", value} or {id, type: "error", message}. Each op is the function of the
// same name in rulekeeper.browser.api, called with args as keywords; its value is JSON.
const OPS = new Set(["run_page", "play", "explain", "finish"]);
const RUNTIME = new URL("runtime/", self.location.href);

let loading = null; // the promise of the loaded Pyodide, made on the first request
const waiting = new Set(); // the requests that wait for it, each told of the progress

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

async function load() {
  if (typeof WebAssembly !== "object" || typeof WebAssembly.instantiate !== "function") {
    throw new Error(
      "This browser cannot run WebAssembly, which running the examples needs. " +
        "Try a current version of Firefox, Chrome, Edge or Safari, or run them with " +
        "the rulekeeper command.",
    );
  }
  progress("Reading what the site bundled", 0.02);
  const manifest = await (await fetchOk(new URL("runtime.json", RUNTIME), "runtime.json")).json();
  if (!manifest.bundled) {
    throw new Error(`The runtime was not bundled with this site: ${manifest.reason}`);
  }
  progress(`Loading Python (Pyodide ${manifest.pyodide})`, 0.1);
  const indexURL = new URL("pyodide/", RUNTIME).href;
  // Imported here, not at the top: a site without the runtime must still get its answer.
  const { loadPyodide } = await import(`${indexURL}pyodide.mjs`);
  // indexURL and the lock file are the site's own; no package is loaded, so Pyodide never
  // reaches for its CDN.
  const pyodide = await loadPyodide({
    indexURL,
    lockFileURL: `${indexURL}pyodide-lock.json`,
    packages: [],
  });
  progress("Loading the rules engine", 0.7);
  const engine = await (await fetchOk(new URL("engine.zip", RUNTIME), "engine.zip")).arrayBuffer();
  const sitePackages = pyodide.runPython("import sysconfig; sysconfig.get_paths()['purelib']");
  pyodide.unpackArchive(engine, "zip", { extractDir: sitePackages });
  progress("Starting the rules engine", 0.85);
  pyodide.runPython("import rulekeeper.browser.api, rulekeeper.games");
  progress("Ready", 1);
  return pyodide;
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
  try {
    if (!OPS.has(op)) {
      throw new Error(`unknown op ${JSON.stringify(op)}; the ops are ${[...OPS].join(", ")}`);
    }
    waiting.add(id);
    if (loading === null) {
      loading = load();
    }
    const pyodide = await loading.finally(() => waiting.delete(id));
    self.postMessage({ id, type: "result", value: call(pyodide, op, args) });
  } catch (error) {
    self.postMessage({ id, type: "error", message: reason(error) });
  }
};
