/**
 * `npm run dev`: `remix dev` rebuilds the app on every code change and runs the site's
 * server (server/index.ts) beside it. `remix dev` also listens on a port of its own, for
 * live reload and HMR; left alone it takes the first free port from 3001, silently. Here
 * that port is chosen: DEV_PORT, else the site's PORT + 1 (both may come from `.env`).
 * The server prints it when it starts. Extra arguments go to `remix dev`.
 */
import "../server/load-env";

import { spawn } from "node:child_process";
import { createRequire } from "node:module";

/** A port number from the environment, or the fallback when the variable is not set. */
function portOf(name: string, fallback: number): number {
  const value = process.env[name];
  if (value === undefined || value === "") return fallback;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    console.error(`[dev] ${name}=${value}: must be a port number between 1 and 65535`);
    process.exit(1);
  }
  return port;
}

const sitePort = portOf("PORT", 3000);
const devPort = portOf("DEV_PORT", sitePort + 1);
if (devPort === sitePort) {
  console.error(`[dev] DEV_PORT and PORT are both ${devPort}: remix dev needs a port of its own`);
  process.exit(1);
}

const remixCli = createRequire(import.meta.url).resolve("@remix-run/dev/dist/cli.js");
const remix = spawn(
  process.execPath,
  [
    remixCli,
    "dev",
    "--manual",
    "--port",
    String(devPort),
    "-c",
    "tsx server/index.ts",
    ...process.argv.slice(2),
  ],
  { stdio: "inherit", env: { ...process.env, PORT: String(sitePort) } },
);
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
  process.on(signal, () => remix.kill(signal));
}
remix.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
