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

/** A process's resident memory, in MB (Linux). */
export function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? NaN) / 1024;
}
