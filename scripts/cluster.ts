/**
 * `npm run cluster`: the production topology on this machine (scripts/topology.ts): a
 * throwaway PostgreSQL, N instances of the production build (default 2; `-- --instances 3`
 * or CLUSTER_INSTANCES) and nginx in front with deploy/nginx/brisamar.conf, on
 * CLUSTER_PORT (default 8080; `-- --port 8081`), the instances on the ports after it. This
 * process's environment goes on to the instances, so `ADMIN_PASSWORD=… npm run cluster`
 * opens the dashboard through the front. Builds first when build/ is missing (run
 * `npm run build` after a change). Ctrl-C or SIGTERM stops everything and deletes the
 * database. Needs nginx and PostgreSQL (scripts/ensure-nginx.sh, scripts/ensure-postgres.sh).
 */
import "../server/load-env";

import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";

import { startTopology, type Topology } from "./topology";

/** `--name value` from the command line, else the environment variable, else the fallback. */
function setting(flag: string, variable: string, fallback: number): number {
  const at = process.argv.indexOf(flag);
  const raw = at !== -1 ? process.argv[at + 1] : process.env[variable];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1 || value > 65535) {
    console.error(`[cluster] ${flag} / ${variable}: "${raw}" is not a positive whole number`);
    process.exit(2);
  }
  return value;
}

const instances = setting("--instances", "CLUSTER_INSTANCES", 2);
const frontPort = setting("--port", "CLUSTER_PORT", 8080);

if (!existsSync("build/server/index.js")) {
  console.log("[cluster] no build yet: npm run build");
  execFileSync("npm", ["run", "build"], { stdio: "inherit" });
}

let topology: Topology | null = null;
let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`[cluster] ${signal}: stopping nginx, the instances (they flush), PostgreSQL`);
  // During the start, the start's end stops what it started (below).
  if (!topology) return;
  await topology.stop();
  process.exit(0);
}
process.on("SIGINT", () => void shutdown("SIGINT"));
process.on("SIGTERM", () => void shutdown("SIGTERM"));

try {
  topology = await startTopology({
    instances,
    frontPort,
    onLine: (name, line) => console.log(`[${name}] ${line}`),
  });
} catch (error) {
  console.error(`[cluster] could not start: ${(error as Error).message}`);
  process.exit(1);
}
if (stopping) {
  await topology.stop();
  process.exit(0);
}
console.log(
  [
    "",
    `[cluster] ${topology.frontUrl}  (nginx, deploy/nginx/brisamar.conf)`,
    ...topology.instances.map((instance) => `[cluster]   instance ${instance.url}`),
    `[cluster]   PostgreSQL ${topology.databaseUrl} (deleted on exit)`,
    "[cluster] Ctrl-C stops everything.",
    "",
  ].join("\n"),
);
