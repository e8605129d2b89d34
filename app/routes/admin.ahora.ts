/**
 * /admin/ahora.json: the dashboard's Ahora block polls it (app/components/admin/live-now.tsx)
 * for the last 30 minutes (app/reports/live.server.ts, cached per instance). Behind the
 * dashboard's login like every admin route: off, a 404 (requireDashboard); without the
 * session, 401; while the ledger's database does not answer, 503 with Retry-After
 * (readLedger). Every answer carries ADMIN_HEADERS (no-store, noindex).
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";

import { ADMIN_HEADERS } from "~/admin/admin-headers";
import { personOf, requireDashboard } from "~/admin/auth.server";
import { linkLabel } from "~/admin/link-names.server";
import { labelled } from "~/reports/live.server";
import { readLedger } from "~/reports/ledger-read.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  requireDashboard();
  if (!(await personOf(request, context))) {
    return json({ state: "login" as const }, { status: 401, headers: ADMIN_HEADERS });
  }
  const { reports } = context;
  if (!reports) return json({ state: "off" as const }, { status: 409, headers: ADMIN_HEADERS });
  const activity = await readLedger(() => reports.live.activity());
  return json(
    { state: "live" as const, ...labelled(activity, linkLabel) },
    { headers: ADMIN_HEADERS },
  );
}
