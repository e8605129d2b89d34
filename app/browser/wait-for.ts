/** Polls `check` every `intervalMs` until it returns a value, or rejects after `timeoutMs`. */
export function waitFor<T>(
  check: () => T | undefined | null,
  { intervalMs, timeoutMs }: { intervalMs: number; timeoutMs: number },
): Promise<T> {
  return new Promise((resolve, reject) => {
    const startedAt = Date.now();
    const poll = () => {
      const value = check();
      if (value !== undefined && value !== null) return resolve(value);
      if (Date.now() - startedAt >= timeoutMs) {
        return reject(new Error(`timed out after ${timeoutMs} ms`));
      }
      setTimeout(poll, intervalMs);
    };
    poll();
  });
}
