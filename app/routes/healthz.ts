/** GET /healthz: liveness for load balancers and uptime checks. */
export function loader() {
  return new Response("ok", {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}
