// Node's module hooks for check_worker.mjs: the worker imports Pyodide's loader by its address
// in the site; under Node, Pyodide takes paths where a browser takes addresses. The hook hands
// the worker a loader that translates indexURL and lockFileURL to paths, nothing more.
const SHIM = new URL("./pyodide_paths.mjs", import.meta.url).href;

export async function resolve(specifier, context, next) {
  const resolved = await next(specifier, context);
  const fromShim = context.parentURL?.startsWith(SHIM);
  if (resolved.url.endsWith("/pyodide/pyodide.mjs") && !fromShim) {
    return { url: `${SHIM}?target=${encodeURIComponent(resolved.url)}`, shortCircuit: true };
  }
  return resolved;
}
