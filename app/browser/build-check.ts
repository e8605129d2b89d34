/**
 * Hourly check for a new build (docs/decisions/001-product-rules.md): one hour after load, and again when the tab
 * returns to the foreground more than an hour after the last check, the latest build id
 * is fetched; when it differs from the running one, `onNewBuild` is called once and the
 * checks stop. Network errors are ignored until the next check.
 */
export const BUILD_CHECK_INTERVAL_MS = 60 * 60 * 1000;

type BuildCheckOptions = {
  currentId: string;
  fetchLatestId: () => Promise<string | undefined>;
  onNewBuild: (latestId: string) => void;
  intervalMs?: number;
  doc?: Pick<Document, "visibilityState" | "addEventListener" | "removeEventListener">;
};

/** Starts checking; returns a function that stops. */
export function startBuildCheck({
  currentId,
  fetchLatestId,
  onNewBuild,
  intervalMs = BUILD_CHECK_INTERVAL_MS,
  doc = document,
}: BuildCheckOptions): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let lastCheck = Date.now();
  let stopped = false;
  let checking = false;

  const schedule = () => {
    clearTimeout(timer);
    timer = setTimeout(check, intervalMs);
  };

  async function check() {
    if (stopped || checking) return;
    checking = true;
    lastCheck = Date.now();
    try {
      const latestId = await fetchLatestId();
      if (!stopped && latestId && latestId !== currentId) {
        stop();
        onNewBuild(latestId);
        return;
      }
    } catch {
      // Offline or a failed deploy: try again at the next check.
    } finally {
      checking = false;
    }
    if (!stopped) schedule();
  }

  const onVisibilityChange = () => {
    if (doc.visibilityState === "visible" && Date.now() - lastCheck > intervalMs) void check();
  };

  function stop() {
    stopped = true;
    clearTimeout(timer);
    doc.removeEventListener("visibilitychange", onVisibilityChange);
  }

  doc.addEventListener("visibilitychange", onVisibilityChange);
  schedule();
  return stop;
}
