/**
 * Stops the boot, naming the binary, when the Node that runs the server is older than
 * package.json's engines. npm scripts run the project's own Node (node_modules/.bin/node,
 * docs/server.md "Runtime"), but `node build/server/index.js` typed in a shell runs the
 * system's, and on Node 20 better-sqlite3 crashes without a message (it needs Node-API 10).
 * Imported first by the server's entry.
 */

/** The supported LTS line: package.json's engines says the same (a unit test checks it). */
export const MINIMUM_NODE_MAJOR = 24;

/** Why this Node cannot run the server, or null when it can. */
export function runtimeProblem(version: string, execPath: string): string | null {
  const major = Number(/^v(\d+)\./.exec(version)?.[1] ?? 0);
  if (major >= MINIMUM_NODE_MAJOR) return null;
  return (
    `[server] ${execPath} is Node ${version}; the server needs Node ${MINIMUM_NODE_MAJOR} or later. ` +
    "Start it with npm start, which runs the project's own Node (node_modules/.bin/node)."
  );
}

const problem = runtimeProblem(process.version, process.execPath);
if (problem) {
  console.error(problem);
  process.exit(1);
}
