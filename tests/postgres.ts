/**
 * Vitest global setup: a throwaway PostgreSQL cluster for the click ledger's tests, on a
 * free local port, in a temporary directory, stopped and deleted at the end (initdb and
 * pg_ctl from Debian's postgresql package; `scripts/ensure-postgres.sh` installs it). When
 * TEST_DATABASE_URL is set, that server is used instead. As root, the cluster runs as the
 * `postgres` user, which PostgreSQL requires.
 */
import { execFileSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    databaseUrl: string;
  }
}

function binary(name: string): string {
  const root = "/usr/lib/postgresql";
  const versions = existsSync(root) ? readdirSync(root).sort().reverse() : [];
  for (const version of versions) {
    const candidate = path.join(root, version, "bin", name);
    if (existsSync(candidate)) return candidate;
  }
  throw new Error(
    `PostgreSQL's ${name} was not found: run \`bash scripts/ensure-postgres.sh\` (Debian's postgresql package)`,
  );
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
    server.on("error", reject);
  });
}

export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) {
    project.provide("databaseUrl", process.env.TEST_DATABASE_URL);
    return;
  }
  const root = process.getuid?.() === 0;
  const asPostgres = (command: string, args: string[]) =>
    root
      ? execFileSync("runuser", ["-u", "postgres", "--", command, ...args], { stdio: "pipe" })
      : execFileSync(command, args, { stdio: "pipe" });
  const directory = mkdtempSync(path.join(tmpdir(), "ledger-pg-"));
  if (root) {
    const ids = execFileSync("id", ["-u", "postgres"]).toString().trim();
    const group = execFileSync("id", ["-g", "postgres"]).toString().trim();
    chownSync(directory, Number(ids), Number(group));
  }
  const data = path.join(directory, "data");
  const port = await freePort();
  asPostgres(binary("initdb"), ["-D", data, "-A", "trust", "-U", "postgres", "--no-sync"]);
  asPostgres(binary("pg_ctl"), [
    "-D",
    data,
    "-l",
    path.join(directory, "server.log"),
    "-o",
    `-p ${port} -k ${directory} -c listen_addresses=127.0.0.1 -c fsync=off`,
    "-w",
    "start",
  ]);
  project.provide("databaseUrl", `postgres://postgres@127.0.0.1:${port}/postgres`);
  return () => {
    try {
      asPostgres(binary("pg_ctl"), ["-D", data, "-m", "immediate", "-w", "stop"]);
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  };
}
