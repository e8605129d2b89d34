/**
 * A throwaway PostgreSQL cluster: initdb in a temporary directory, started on a free local
 * port, stopped and deleted when done. Used by the unit tests (tests/postgres.ts) and by
 * `npm run bench`. initdb and pg_ctl come from Debian's postgresql package
 * (`scripts/ensure-postgres.sh` installs it). As root, the cluster runs as the `postgres`
 * user, which PostgreSQL requires.
 */
import { execFileSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { freePort } from "./free-port";

/** A PostgreSQL program (initdb, pg_ctl, pg_dump) of the newest installed version. */
export function binary(name: string): string {
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

export type Cluster = {
  url: string;
  port: number;
  /** Stops the server (it can be started again). */
  stop: () => void;
  start: () => void;
  /** Stops the server and deletes the cluster. */
  destroy: () => void;
};

/** Creates and starts a cluster. */
export async function startCluster(): Promise<Cluster> {
  const root = process.getuid?.() === 0;
  const asPostgres = (command: string, args: string[]) =>
    root
      ? execFileSync("runuser", ["-u", "postgres", "--", command, ...args], { stdio: "pipe" })
      : execFileSync(command, args, { stdio: "pipe" });
  const directory = mkdtempSync(path.join(tmpdir(), "ledger-pg-"));
  if (root) {
    const uid = Number(execFileSync("id", ["-u", "postgres"]).toString().trim());
    const gid = Number(execFileSync("id", ["-g", "postgres"]).toString().trim());
    chownSync(directory, uid, gid);
  }
  const data = path.join(directory, "data");
  const port = await freePort();
  asPostgres(binary("initdb"), ["-D", data, "-A", "trust", "-U", "postgres", "--no-sync"]);
  const start = () =>
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
  const stop = () => asPostgres(binary("pg_ctl"), ["-D", data, "-m", "immediate", "-w", "stop"]);
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    start,
    stop,
    destroy: () => {
      try {
        stop();
      } catch {
        // Already stopped.
      } finally {
        rmSync(directory, { recursive: true, force: true });
      }
    },
  };
}
