/**
 * The production topology on one machine, for `npm run cluster` (scripts/cluster.ts), the
 * cluster tests (tests/e2e/cluster.spec.ts) and the front's bench (scripts/bench-front.ts):
 * a throwaway PostgreSQL (tests/postgres-cluster.ts), N instances of the production build
 * (`node build/server/index.js`) on their own ports, and nginx in front with the deployment's
 * own configuration, deploy/nginx/brisamar.conf, rendered with this machine's ports and
 * directories (so what is tested is what is deployed). Every process runs in the
 * foreground in its own process group, with its files in one temporary directory, and is
 * stopped, and the directory deleted, by `stop()`.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";

import { startCluster } from "../tests/postgres-cluster";

export const NGINX = "/usr/sbin/nginx";
export const NGINX_TEMPLATE = path.resolve("deploy/nginx/brisamar.conf");
/** How long an instance or nginx may take to answer after it starts. */
const READY_TIMEOUT_MS = 30_000;
/** Longer than the server's drain (SHUTDOWN_GRACE_MS, 10 s) plus its last flush. */
const STOP_TIMEOUT_MS = 30_000;
/** What is kept of a process's output (an access-log line per request adds up). */
const LOG_LIMIT = 1_000_000;

/**
 * The template with its `${BRISAMAR_*}` placeholders filled (the same ones envsubst fills
 * on a server, deploy/README.md); throws on a placeholder left without a value.
 */
export function renderNginxConfig(template: string, values: Record<string, string>): string {
  return template.replace(/\$\{(BRISAMAR_[A-Z_]+)\}/g, (_match, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`${NGINX_TEMPLATE}: no value for \${${name}}`);
    return value;
  });
}

export type Instance = {
  port: number;
  url: string;
  /** What the instance printed across its restarts (the last LOG_LIMIT characters). */
  log: () => string;
  running: () => boolean;
  /** Starts it (again), resolved once /healthz answers. */
  start: () => Promise<void>;
  /** SIGTERM, resolved once it has exited (after its drain and last flush). */
  stop: () => Promise<void>;
  /** A rolling deploy's step: stop, then start again. */
  restart: () => Promise<void>;
};

export type Topology = {
  frontUrl: string;
  databaseUrl: string;
  instances: Instance[];
  /** The database, stopped and started in place (same port and data). */
  postgres: { stop: () => void; start: () => void };
  /** The temporary directory: nginx's config, logs and cache. */
  directory: string;
  /** nginx's error log so far. */
  nginxErrors: () => string;
  /** nginx reads its configuration again (`nginx -s reload`): new workers, no request lost. */
  reloadNginx: () => void;
  /** Stops nginx, the instances (each drains and flushes), then the database; deletes it all. */
  stop: () => Promise<void>;
};

export type TopologyOptions = {
  instances?: number;
  /** Where nginx listens (127.0.0.1). */
  frontPort: number;
  /** The instances' ports; default the ports after frontPort. */
  instancePorts?: number[];
  /** Added to the instances' environment (over this process's own). */
  env?: Record<string, string>;
  /** More of nginx's `http { }` context, e.g. a bench's static server. */
  extraHttpConfig?: string;
  /** Each line a process prints, with its name (default: kept, not printed). */
  onLine?: (name: string, line: string) => void;
};

const exited = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;

/** A child in its own process group (a Ctrl-C reaches this process only, which stops them in order). */
function launch(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  name: string,
  output: { text: string },
  onLine?: TopologyOptions["onLine"],
): ChildProcess {
  const child = spawn(command, args, { env, stdio: ["ignore", "pipe", "pipe"], detached: true });
  const read = (chunk: Buffer) => {
    const text = chunk.toString();
    output.text = (output.text + text).slice(-LOG_LIMIT);
    if (onLine) for (const line of text.split("\n")) if (line) onLine(name, line);
  };
  child.stdout!.on("data", read);
  child.stderr!.on("data", read);
  return child;
}

async function terminate(child: ChildProcess, signal: NodeJS.Signals = "SIGTERM"): Promise<void> {
  if (exited(child)) return;
  const done = new Promise((resolve) => child.once("exit", resolve));
  child.kill(signal);
  const timer = setTimeout(() => child.kill("SIGKILL"), STOP_TIMEOUT_MS);
  await done;
  clearTimeout(timer);
}

/** Resolves once `url` answers 200, or throws when `child` exits or the time is up. */
async function ready(url: string, child: ChildProcess, name: string, log: () => string) {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (exited(child)) throw new Error(`${name} exited before it answered:\n${log()}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // Not listening yet.
    }
    await sleep(50);
  }
  throw new Error(`${name} did not answer ${url} within ${READY_TIMEOUT_MS} ms:\n${log()}`);
}

function instanceOf(port: number, env: NodeJS.ProcessEnv, onLine: TopologyOptions["onLine"]) {
  const output = { text: "" };
  let child: ChildProcess | null = null;
  const name = `instance ${port}`;
  const instance: Instance = {
    port,
    url: `http://127.0.0.1:${port}`,
    log: () => output.text,
    running: () => child !== null && !exited(child),
    start: async () => {
      if (instance.running()) return;
      child = launch("node", ["build/server/index.js"], env, name, output, onLine);
      await ready(`${instance.url}/healthz`, child, name, instance.log);
    },
    stop: async () => {
      if (child) await terminate(child);
    },
    restart: async () => {
      await instance.stop();
      await instance.start();
    },
  };
  return instance;
}

function nginxMainConfig(directory: string, site: string, extra: string): string {
  const temp = (name: string) => path.join(directory, "temp", name);
  return [
    // As root, nginx's workers would drop to `nobody`, who cannot read this directory.
    process.getuid?.() === 0 ? "user root;" : "",
    "worker_processes auto;",
    `pid ${path.join(directory, "nginx.pid")};`,
    `error_log ${path.join(directory, "error.log")} warn;`,
    "events { worker_connections 4096; }",
    "http {",
    `  access_log ${path.join(directory, "access.log")};`,
    `  client_body_temp_path ${temp("body")};`,
    `  proxy_temp_path ${temp("proxy")};`,
    `  fastcgi_temp_path ${temp("fastcgi")};`,
    `  uwsgi_temp_path ${temp("uwsgi")};`,
    `  scgi_temp_path ${temp("scgi")};`,
    "  default_type application/octet-stream;",
    `  include ${site};`,
    extra,
    "}",
    "",
  ].join("\n");
}

/** Starts the database, the instances and nginx; resolved once the front answers. */
export async function startTopology(options: TopologyOptions): Promise<Topology> {
  if (!existsSync("build/server/index.js")) {
    throw new Error("build/server/index.js is missing: run `npm run build` first");
  }
  if (!existsSync(NGINX)) {
    throw new Error(`${NGINX} is missing: run \`bash scripts/ensure-nginx.sh\` (Debian's nginx)`);
  }
  const count = options.instances ?? 2;
  const ports =
    options.instancePorts ?? Array.from({ length: count }, (_, i) => options.frontPort + 1 + i);
  const directory = mkdtempSync(path.join(tmpdir(), "brisamar-topology-"));
  const started: (() => Promise<void> | void)[] = [];
  const stopAll = async () => {
    for (const stop of started.reverse()) {
      try {
        await stop();
      } catch (error) {
        console.error(`[topology] ${(error as Error).message}`);
      }
    }
    started.length = 0;
    rmSync(directory, { recursive: true, force: true });
  };
  try {
    const postgres = await startCluster();
    started.push(() => postgres.destroy());

    const env: NodeJS.ProcessEnv = {
      ...process.env,
      // One secret for all, so a dashboard session opened on one instance holds on all.
      SESSION_SECRET: process.env.SESSION_SECRET ?? randomBytes(32).toString("base64url"),
      ...options.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      DATABASE_URL: postgres.url,
      // nginx sets X-Real-IP (deploy/nginx/brisamar.conf) and connects from loopback.
      CLIENT_IP_HEADER: "x-real-ip",
      TRUSTED_PROXIES: "loopback",
    };
    const instances = ports.map((port) =>
      instanceOf(port, { ...env, PORT: String(port) }, options.onLine),
    );
    // The first one alone: it migrates the new database, which the others then find done.
    for (const instance of instances) {
      started.push(() => instance.stop());
      await instance.start();
    }

    mkdirSync(path.join(directory, "temp"));
    const site = path.join(directory, "brisamar.conf");
    writeFileSync(
      site,
      renderNginxConfig(readFileSync(NGINX_TEMPLATE, "utf8"), {
        BRISAMAR_LISTEN: `127.0.0.1:${options.frontPort}`,
        BRISAMAR_SERVER_NAME: "localhost 127.0.0.1",
        BRISAMAR_UPSTREAM_SERVERS: ports
          .map((port) => `server 127.0.0.1:${port} max_fails=1 fail_timeout=2s;`)
          .join("\n    "),
        BRISAMAR_CACHE_DIR: path.join(directory, "cache"),
      }),
    );
    const conf = path.join(directory, "nginx.conf");
    writeFileSync(conf, nginxMainConfig(directory, site, options.extraHttpConfig ?? ""));
    const nginxOutput = { text: "" };
    const nginx = launch(
      NGINX,
      ["-p", directory, "-c", conf, "-g", "daemon off;"],
      process.env,
      "nginx",
      nginxOutput,
      options.onLine,
    );
    // SIGQUIT: nginx finishes the requests it is answering, then exits.
    started.push(() => terminate(nginx, "SIGQUIT"));
    const errorLog = path.join(directory, "error.log");
    const nginxErrors = () =>
      nginxOutput.text + (existsSync(errorLog) ? readFileSync(errorLog, "utf8") : "");
    const frontUrl = `http://127.0.0.1:${options.frontPort}`;
    await ready(`${frontUrl}/healthz`, nginx, "nginx", nginxErrors);

    return {
      frontUrl,
      databaseUrl: postgres.url,
      instances,
      postgres: { stop: postgres.stop, start: postgres.start },
      directory,
      nginxErrors,
      reloadNginx: () =>
        execFileSync(NGINX, ["-p", directory, "-c", conf, "-s", "reload"], { stdio: "pipe" }),
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}
