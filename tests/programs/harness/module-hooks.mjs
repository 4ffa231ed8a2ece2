/**
 * Node module hooks for running a program on our engine: every LangGraph.js module name a program
 * imports resolves to the module the browser sandbox gives graph code under that name (the table of
 * src/sandbox/user-modules.ts, built in the main thread and published on `globalThis`). A
 * LangGraph.js name the sandbox does not provide fails to resolve, so a program can never reach
 * the real LangGraph.js by accident. Other names (`@langchain/core/*`, `zod`, `uuid`) resolve as usual.
 */
const SCHEME = 'replaygraph-module:';
const LANGGRAPH_NAME = /^(@langchain\/langgraph(-checkpoint)?(\/.*)?|replaygraph(\/.*)?)$/;

/** Module name → its export names, sent by the thread that registered these hooks. */
let exportsByModule = {};

export function initialize(data) {
  exportsByModule = data.exportsByModule;
}

export async function resolve(specifier, context, nextResolve) {
  if (!LANGGRAPH_NAME.test(specifier)) return nextResolve(specifier, context);
  if (!Object.hasOwn(exportsByModule, specifier)) {
    throw new Error(`\`${specifier}\` is not a module the sandbox provides`);
  }
  return { url: SCHEME + specifier, shortCircuit: true };
}

export async function load(url, context, nextLoad) {
  if (!url.startsWith(SCHEME)) return nextLoad(url, context);
  const name = url.slice(SCHEME.length);
  const names = exportsByModule[name];
  const lines = [`const m = globalThis.__replaygraphModules[${JSON.stringify(name)}];`, 'export default m;'];
  for (const n of names) lines.push(`export const ${n} = m[${JSON.stringify(n)}];`);
  return { format: 'module', source: lines.join('\n'), shortCircuit: true };
}
