/**
 * The CPU a process's threads spend, read from /proc (Linux), for the benches' accounting:
 * on a machine of two cores the load generator and the server's threads share them, and a
 * rate alone does not say which of them ran out (docs/performance.md).
 */
import { readdirSync, readFileSync } from "node:fs";

/** Clock ticks per second of /proc's utime and stime (USER_HZ, 100 on Linux). */
const TICKS = 100;

/** CPU seconds (user + system) per thread name of process `pid`, threads of a name summed. */
export function threadCpu(pid: number): Map<string, number> {
  const seconds = new Map<string, number>();
  for (const task of readdirSync(`/proc/${pid}/task`)) {
    let stat: string;
    try {
      stat = readFileSync(`/proc/${pid}/task/${task}/stat`, "utf8");
    } catch {
      continue; // the thread ended meanwhile
    }
    const name = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const cpu = (Number(fields[11]) + Number(fields[12])) / TICKS;
    seconds.set(name, (seconds.get(name) ?? 0) + cpu);
  }
  return seconds;
}

/**
 * µs of CPU per request of each thread of `pid` while `run` ran (its result's `requests`),
 * as a short text: "MainThread 32.6, WorkerThread 21.3, V8Worker 2.4" (threads under 0.5 µs
 * left out).
 */
export async function cpuPerRequest<T>(
  pid: number,
  run: () => Promise<T>,
  requests: (result: T) => number,
): Promise<{ result: T; text: string }> {
  const before = threadCpu(pid);
  const result = await run();
  const after = threadCpu(pid);
  const count = Math.max(1, requests(result));
  const parts = [...after]
    .map(([name, seconds]) => [name, ((seconds - (before.get(name) ?? 0)) * 1e6) / count] as const)
    .filter(([, micros]) => micros >= 0.5)
    .sort((a, b) => b[1] - a[1])
    .map(([name, micros]) => `${name} ${micros.toFixed(1)}`);
  return { result, text: parts.join(", ") };
}
