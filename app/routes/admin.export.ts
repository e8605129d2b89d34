/**
 * /admin/clicks.csv (one row per click), /admin/conversions.csv (one row per conversion,
 * with its attribution), /admin/daily.csv (one row per day) and /admin/pages.csv (one row
 * per page: the funnel from views to commission), with the
 * dashboard's filters from the query string, streamed. Without the session: 401. While
 * the dashboard is off: 404 (requireDashboard). A period that cannot be used (query.ts): 400
 * with a Spanish line. While the ledger's database is out of reach: 503 with Retry-After and
 * a Spanish line (the export reads before it streams: csv.server.ts).
 */
import type { LoaderFunctionArgs } from "@remix-run/node";

import { personOf, requireDashboard } from "~/admin/auth.server";
import { clicksCsv, conversionsCsv, dailyCsv, pagesCsv } from "~/reports/csv.server";
import { databaseUnavailable, RETRY_AFTER_SECONDS } from "~/reports/ledger-read.server";
import { readView } from "~/reports/query";
import { env } from "~/config/env.server";
import { todayIn } from "~/reports/reporting-day";

const EXPORTS = {
  "clicks.csv": clicksCsv,
  "conversions.csv": conversionsCsv,
  "daily.csv": dailyCsv,
  "pages.csv": pagesCsv,
} as const;

export async function loader({ request, context }: LoaderFunctionArgs) {
  requireDashboard();
  const file = new URL(request.url).pathname.split("/").pop() as keyof typeof EXPORTS;
  const make = EXPORTS[file];
  if (!make) throw new Response(null, { status: 404 });
  const headers = { "Cache-Control": "no-store", "X-Robots-Tag": "noindex, nofollow" };
  /** A refusal as one line of Spanish text. */
  const refusal = (status: number, line: string, more: Record<string, string> = {}) =>
    new Response(`${line}\n`, {
      status,
      headers: { ...headers, "Content-Type": "text/plain; charset=utf-8", ...more },
    });
  const unavailable = () =>
    refusal(
      503,
      "La base de datos no responde en este momento. Vuelve a intentarlo en unos segundos.",
      { "Retry-After": String(RETRY_AFTER_SECONDS) },
    );
  // Who is asking is in the database too: out of reach, the same Spanish line.
  const person = await personOf(request, context).catch((error: unknown) => {
    if (error instanceof Response && error.status === 503) return "unavailable" as const;
    throw error;
  });
  if (person === "unavailable") return unavailable();
  if (!person) {
    return refusal(401, "Inicia sesión en /admin para descargar este archivo.");
  }
  const view = readView(new URL(request.url).searchParams, todayIn(env.REPORT_TIME_ZONE));
  if (view.problem) {
    return refusal(400, `${view.problem}: no se ha exportado nada. Corrige el periodo en /admin.`);
  }
  const { reports } = context;
  if (!reports) return refusal(409, "El registro de clics está desactivado.");
  const name = `${file.replace(".csv", "")}-${view.range.from}-${view.range.to}.csv`;
  let body: ReadableStream<Uint8Array>;
  try {
    body = await make(reports, view);
  } catch (error) {
    if (!databaseUnavailable(error)) throw error;
    return unavailable();
  }
  return new Response(body, {
    headers: {
      ...headers,
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${name}"`,
    },
  });
}
