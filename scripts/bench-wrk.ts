/** wrk (the benches' C load generator, lighter than autocannon on a small machine), read. */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";

export type Run = {
  rps: number;
  /** Requests completed in the run. */
  requests: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
};

function ms(value: string, unit: string): number {
  const number = Number(value);
  return unit === "us" ? number / 1000 : unit === "s" ? number * 1000 : number;
}

let toolsChecked = false;

/**
 * Installs wrk and nginx from Debian's packages when absent (scripts/ensure-bench-tools.sh),
 * once per process: every bench that drives wrk or compares with nginx calls it, so each
 * runs alone on a fresh machine, not only after the one that used to install them.
 */
export function ensureBenchTools(): void {
  if (toolsChecked) return;
  execFileSync("bash", ["scripts/ensure-bench-tools.sh"], { stdio: "inherit" });
  toolsChecked = true;
}

/** Runs `wrk -t1` and reads requests/s, p50, p99, non-2xx and socket errors from its output. */
export function wrk(
  url: string,
  {
    encoding,
    connections = 50,
    duration,
    script,
  }: { encoding: string; connections?: number; duration: number; script?: string },
): Run {
  const args = [
    "-t1",
    `-c${connections}`,
    `-d${duration}s`,
    "--latency",
    "-H",
    `Accept-Encoding: ${encoding}`,
  ];
  if (script) args.push("-s", script);
  ensureBenchTools();
  const output = execFileSync("wrk", [...args, url], { encoding: "utf8" });
  const percentile = (p: string) => {
    const match = new RegExp(`\\s${p}%\\s+([\\d.]+)(us|ms|s)`).exec(output);
    return match ? ms(match[1]!, match[2]!) : NaN;
  };
  const errors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(
    output,
  );
  return {
    rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(output)?.[1] ?? 0),
    requests: Number(/(\d+) requests in/.exec(output)?.[1] ?? 0),
    p50: percentile("50"),
    p99: percentile("99"),
    non2xx: Number(/Non-2xx or 3xx responses: (\d+)/.exec(output)?.[1] ?? 0),
    errors: errors ? errors.slice(1).reduce((sum, value) => sum + Number(value), 0) : 0,
  };
}

/** A running process's resident memory, in MB (Linux); throws when it has exited. */
export function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
  // An exited process not yet reaped (a zombie) has a status but no memory.
  if (kb === undefined) throw new Error(`process ${pid} is not running: no memory to read`);
  return Number(kb) / 1024;
}
