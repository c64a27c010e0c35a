// Pyodide's loader, as check_worker.mjs hands it to the worker under Node (see node_paths.mjs).
import { fileURLToPath } from "node:url";

const target = new URL(import.meta.url).searchParams.get("target");
const real = await import(target);
const path = (address) => fileURLToPath(address);

export const loadPyodide = (options) =>
  real.loadPyodide({
    ...options,
    indexURL: `${path(options.indexURL)}/`,
    lockFileURL: path(options.lockFileURL),
  });
