/**
 * /admin/enlaces: the health of every affiliate destination the content can send a
 * visitor to (app/link-health). Behind the dashboard's login (off: the site's 404; logged
 * out: 401 and the login form). Lists each destination with its last check, its chain of
 * answers and what is at risk; "Comprobar ahora" runs the checks at once (anyone logged
 * in), "Aceptar este aviso" accepts a warning until the chain changes (an admin). The
 * destinations checked are only the content's: a form names one by its address, which
 * must be one of them.
 */
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";

import { personOf, requireDashboard } from "~/admin/auth.server";
import { can } from "~/admin/roles";
import { adminHeaders, adminMeta } from "~/admin/route-parts";
import {
  ADMIN_HEADERS,
  answerSessionForm,
  forbiddenPage,
  loginPage,
  postedForm,
} from "~/admin/session-form.server";
import { ADMIN_CHROME } from "~/components/admin/admin-chrome";
import { when } from "~/components/admin/format";
import { LinkHealthList, LinkHealthSummary, type ShownRow } from "~/components/admin/link-health";
import { LoginForm } from "~/components/admin/login-form";
import { env } from "~/config/env.server";
import { links as affiliateLinks, site } from "~/content/content.server";
import { chainOf } from "~/link-health/history.server";
import { checkPlanOf } from "~/link-health/monitor.server";
import { destinationRows } from "~/link-health/page.server";
import { readLedger } from "~/reports/ledger-read.server";
import adminStyles from "~/styles/admin.css";

const PATH = "/admin/enlaces";

/** Framed as the dashboard, not as the public site (app/root.tsx). */
export const handle = ADMIN_CHROME;

export const links: LinksFunction = () => [{ rel: "stylesheet", href: adminStyles }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  requireDashboard();
  const person = await personOf(request, context);
  if (!person) return loginPage();
  const monitor = context.linkMonitor ?? null;
  const plan = checkPlanOf(site, affiliateLinks);
  const timeZone = env.REPORT_TIME_ZONE;
  const minutes = env.LINK_CHECK_MINUTES;
  if (!monitor) {
    return json(
      { state: "page" as const, rows: null, canAccept: false, minutes, timeZone },
      { headers: ADMIN_HEADERS },
    );
  }
  const rows = await readLedger(async () => {
    const [latest, acceptances] = await Promise.all([
      monitor.history.latest(),
      monitor.history.acceptances(),
    ]);
    return destinationRows({
      destinations: plan.destinations,
      latest,
      acceptances,
      reports: context.reports,
      db: monitor.db,
      timeZone,
    });
  });
  const shown: ShownRow[] = rows.map((row) => ({
    ...row,
    check: row.check && { ...row.check, time: when(row.check.at, timeZone) },
    accepted: row.accepted && { by: row.accepted.by, time: when(row.accepted.at, timeZone) },
  }));
  return json(
    {
      state: "page" as const,
      rows: shown,
      canAccept: can(person, "links"),
      minutes,
      timeZone,
    },
    { headers: ADMIN_HEADERS },
  );
}

/** An action's answer: a sentence for the page, and whether it went well. */
const answer = (ok: boolean, text: string, status = 200) =>
  json({ state: "answer" as const, ok, text }, { status, headers: ADMIN_HEADERS });

export async function action({ request, context }: ActionFunctionArgs) {
  requireDashboard();
  const form = await postedForm(request);
  const session = await answerSessionForm(form, request, context, PATH);
  if (session) return session;
  const person = await personOf(request, context);
  if (!person) return loginPage();
  const monitor = context.linkMonitor ?? null;
  if (!monitor) {
    return answer(
      false,
      "Sin base de datos no se guardan comprobaciones: usa npm run links:check.",
      409,
    );
  }
  const plan = checkPlanOf(site, affiliateLinks);
  const intent = form.get("intent");
  if (intent === "check") {
    const results = await monitor.run(plan);
    const broken = results.filter((result) => result.health === "roto").length;
    const warned = results.filter((result) => result.health === "aviso").length;
    return answer(
      broken === 0,
      `Comprobados ${results.length} destinos: ${broken} ${broken === 1 ? "roto" : "rotos"}, ${warned} con aviso.`,
    );
  }
  if (intent === "accept") {
    if (!can(person, "links")) return forbiddenPage(person, "aceptar avisos de enlaces");
    const url = form.get("url");
    const destination = plan.destinations.find((known) => known.url === url);
    if (typeof url !== "string" || !destination) {
      return answer(false, "Ese destino no está en el contenido.", 400);
    }
    const check = await readLedger(() => monitor.history.of(url, 1));
    if (check[0]?.health !== "aviso") {
      return answer(false, "Ese destino ya no tiene un aviso que aceptar.", 409);
    }
    await readLedger(() => monitor.history.accept(url, chainOf(check[0]!), person.email));
    return answer(
      true,
      "Aviso aceptado: el destino cuenta como sano mientras no cambien sus saltos.",
    );
  }
  return answer(false, "Petición no válida.", 400);
}

export const headers = adminHeaders;

export const meta = adminMeta("Enlaces");

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-page";

export default function AdminLinksRoute() {
  const data = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  if (data.state === "login") return <LoginForm />;
  const checking = navigation.state !== "idle" && navigation.formData?.get("intent") === "check";
  return (
    <div className="admin admin-enlaces">
      <header className="admin-head">
        <div>
          <h1>Enlaces</h1>
          <p className="admin-head__period">
            Cada destino de afiliado se abre como lo haría un clic, con ids de prueba que no cuentan
            como clics,{" "}
            {data.minutes > 0
              ? `cada ${data.minutes === 60 ? "hora" : `${data.minutes} minutos`}`
              : "solo al pulsar «Comprobar ahora»"}
            . Horas en {data.timeZone}.
          </p>
        </div>
        {data.rows ? (
          <Form method="post">
            <button
              className="button button--primary"
              type="submit"
              name="intent"
              value="check"
              disabled={checking}
            >
              {checking ? "Comprobando…" : "Comprobar ahora"}
            </button>
          </Form>
        ) : null}
      </header>
      {result?.state === "answer" ? (
        <p
          className={result.ok ? "admin-notice" : "admin-notice admin-notice--error"}
          role="status"
        >
          {result.text}
        </p>
      ) : result?.state === "forbidden" ? (
        <p className="admin-notice admin-notice--error" role="status">
          {result.message}
        </p>
      ) : null}
      {data.rows ? (
        <>
          <LinkHealthSummary rows={data.rows} />
          <LinkHealthList rows={data.rows} canAccept={data.canAccept} hasLedger />
        </>
      ) : (
        <p className="admin-notice" role="status">
          El registro de clics está desactivado (CLICK_LEDGER=false): las comprobaciones no se
          guardan. <code>npm run links:check</code> comprueba los destinos desde la terminal.
        </p>
      )}
    </div>
  );
}
