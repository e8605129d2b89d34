/**
 * /admin/experiments: the A/B experiments declared in content (docs/experiments.md) and, for each,
 * its variants side by side with the figures of its period and the verdict against the
 * control (app/reports/verdict.ts). Behind the dashboard's login like /admin (off: the
 * site's 404; logged out: 401 and the login form), `no-store` and `noindex`.
 */
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";

import { personOf, requireDashboard } from "~/admin/auth.server";
import { adminHeaders, adminMeta } from "~/admin/route-parts";
import { readLedger } from "~/reports/ledger-read.server";
import {
  ADMIN_HEADERS,
  answerSessionForm,
  loginPage,
  postedForm,
} from "~/admin/session-form.server";
import { ADMIN_CHROME } from "~/components/admin/admin-chrome";
import { ExperimentsList } from "~/components/admin/experiments";
import { LoginForm } from "~/components/admin/login-form";
import { env } from "~/config/env.server";
import { site } from "~/content/content.server";
import { experimentReportsOf, loadExperimentsView } from "~/reports/experiments-view.server";
import adminStyles from "~/styles/admin.css";

const PATH = "/admin/experiments";

/** Framed as the dashboard, not as the public site (app/root.tsx). */
export const handle = ADMIN_CHROME;

export const links: LinksFunction = () => [{ rel: "stylesheet", href: adminStyles }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  requireDashboard();
  if (!(await personOf(request, context))) return loginPage();
  const flagged = new URL(request.url).searchParams.get("marcados") === "1";
  const experiments = await readLedger(() =>
    loadExperimentsView(
      site.experiments,
      experimentReportsOf(context),
      Date.now(),
      env.REPORT_TIME_ZONE,
      flagged,
    ),
  );
  return json(
    { state: "page" as const, experiments, flagged, timeZone: env.REPORT_TIME_ZONE },
    { headers: ADMIN_HEADERS },
  );
}

/** The page's only forms: the login and the logout (app/admin/session-form.server.ts). */
export async function action({ request, context }: ActionFunctionArgs) {
  requireDashboard();
  const form = await postedForm(request);
  const session = await answerSessionForm(form, request, context, PATH);
  if (session) return session;
  if (!(await personOf(request, context))) return loginPage();
  return json({ error: "Petición no válida." }, { status: 400, headers: ADMIN_HEADERS });
}

export const headers = adminHeaders;

export const meta = adminMeta("Experimentos A/B");

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-page";

export default function AdminExperimentsRoute() {
  const data = useLoaderData<typeof loader>();
  if (data.state === "login") return <LoginForm />;
  return (
    <div className="admin admin-experiments">
      <header className="admin-head">
        <div>
          <h1>Experimentos A/B</h1>
          <p className="admin-head__period">
            Cada variante frente al control (la primera), con la probabilidad de ganarle y el
            veredicto. Días en {data.timeZone}.
          </p>
          <p className="admin-head__period">
            {data.flagged
              ? "Los clics marcados como no humanos (centro de datos, demasiado rápidos, repetidos) cuentan aquí como clics de personas. "
              : "Los clics marcados como no humanos (centro de datos, demasiado rápidos, repetidos) no cuentan en el CTR ni en el veredicto. "}
            <Link to={data.flagged ? PATH : `${PATH}?marcados=1`}>
              {data.flagged ? "Excluirlos" : "Incluirlos"}
            </Link>
          </p>
        </div>
      </header>
      <ExperimentsList experiments={data.experiments} />
    </div>
  );
}
