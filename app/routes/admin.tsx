/**
 * /admin, the marketer's dashboard (app/admin). Switched off (no ADMIN_PASSWORD), it is
 * the site's 404 page, as any unknown path (requireDashboard). On, it asks for the
 * password (401), then shows the clicks of a period with filters kept in the URL; each of
 * those answers is `no-store` and `noindex`, so the page cache never keeps it (it stores
 * no `no-store` answer: server/send-document.ts's `isStorable`; and a request with a cookie
 * never uses it: server/cache-key.ts). Its code and stylesheet load only here.
 */
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";

import { personOf, requireDashboard } from "~/admin/auth.server";
import { answerSavedViewForm } from "~/admin/saved-views-form.server";
import { linkLabel, linkPage } from "~/admin/link-names.server";
import { offerState } from "~/content/offers";
import { loadDashboard } from "~/reports/dashboard.server";
import { labelled } from "~/reports/live.server";
import { readView } from "~/reports/query";
import { readLedger } from "~/reports/ledger-read.server";
import {
  ADMIN_HEADERS,
  answerSessionForm,
  loginPage,
  postedForm,
} from "~/admin/session-form.server";
import { adminHeaders, adminMeta } from "~/admin/route-parts";
import { ADMIN_CHROME } from "~/components/admin/admin-chrome";
import { AdminDashboard } from "~/components/admin/dashboard";
import { LoginForm } from "~/components/admin/login-form";
import { env } from "~/config/env.server";
import { site } from "~/content/content.server";
import adminStyles from "~/styles/admin.css";
import { todayIn } from "~/reports/reporting-day";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: adminStyles }];

/** Framed as the dashboard, not as the public site (app/root.tsx). */
export const handle = ADMIN_CHROME;

export async function loader({ request, context }: LoaderFunctionArgs) {
  requireDashboard();
  const person = await personOf(request, context);
  if (!person) return loginPage();
  const url = new URL(request.url);
  const view = readView(url.searchParams, todayIn(env.REPORT_TIME_ZONE));
  const { reports } = context;
  const dashboard = reports
    ? await readLedger(() =>
        loadDashboard(
          reports,
          view,
          linkLabel,
          linkPage,
          site.offers.map((offer) => ({
            id: offer.id,
            name: offer.name,
            state: offerState(offer, Date.now(), site.meta.meta_settings.time_zone),
          })),
        ),
      )
    : null;
  const { savedViews } = context;
  const saved = savedViews ? await readLedger(() => savedViews.list(person.email)) : [];
  // Ahora's first figures: the answer its poll gets (app/routes/admin.ahora.ts), cached.
  const live = reports
    ? labelled(await readLedger(() => reports.live.activity()), linkLabel)
    : null;
  // A period that cannot be used is a bad request: 400, with the notice and the last 30 days.
  return json(
    { state: "dashboard" as const, view, dashboard, timeZone: env.REPORT_TIME_ZONE, saved, live },
    { status: view.problem ? 400 : 200, headers: ADMIN_HEADERS },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  requireDashboard();
  const form = await postedForm(request);
  const { pathname, search } = new URL(request.url);
  const answer = await answerSessionForm(form, request, context, `${pathname}${search}`);
  if (answer) return answer;
  const person = await personOf(request, context);
  if (!person) return loginPage();
  const saved = await answerSavedViewForm(form, person, context, todayIn(env.REPORT_TIME_ZONE));
  if (saved) return saved;
  return json(
    { state: "login" as const, error: "Petición no válida." },
    { status: 400, headers: ADMIN_HEADERS },
  );
}

export const headers = adminHeaders;

export const meta = adminMeta("Panel de afiliación");

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-page";

export default function AdminRoute() {
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  if (data.state === "login") return <LoginForm />;
  return (
    <AdminDashboard
      view={data.view}
      dashboard={data.dashboard}
      timeZone={data.timeZone}
      savedViews={data.saved}
      message={answer && "message" in answer ? answer.message : null}
      live={data.live}
    />
  );
}
