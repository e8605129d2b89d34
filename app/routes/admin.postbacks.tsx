/**
 * /admin/postbacks: how affiliate programs report conversions to the site. Behind the
 * dashboard's login (off: the site's 404; logged out: 401 and the login form, and the token
 * never appears). Shows the postback URL to paste into the program (built from SITE_URL,
 * POSTBACK_TOKEN and content's site.affiliate.postback), the last postbacks received with
 * their outcome, and a button that sends a test postback to the site's own receiver over
 * loopback (app/conversions/postback-setup.server.ts).
 */
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";

import { personOf, requireDashboard } from "~/admin/auth.server";
import { can } from "~/admin/roles";
import { readLedger } from "~/reports/ledger-read.server";
import {
  ADMIN_HEADERS,
  answerSessionForm,
  forbiddenPage,
  loginPage,
  postedForm,
} from "~/admin/session-form.server";
import { Forbidden } from "~/components/admin/forbidden";
import { LoginForm } from "~/components/admin/login-form";
import { PostbacksLog } from "~/components/admin/postbacks-log";
import { PostbacksSetup } from "~/components/admin/postbacks-setup";
import { env } from "~/config/env.server";
import { siteOrigin } from "~/config/site-origin.server";
import { site } from "~/content/content.server";
import {
  EVENT_NAMES,
  loopbackOrigin,
  postbackUrls,
  sendTestPostback,
  shownLog,
  testAnswerText,
} from "~/conversions/postback-setup.server";
import { adminHeaders, adminMeta } from "~/admin/route-parts";
import { ADMIN_CHROME } from "~/components/admin/admin-chrome";
import adminStyles from "~/styles/admin.css";

const PATH = "/admin/postbacks";
/** Rows of the postback log the page lists. */
const LOG_ROWS = 50;

/** Framed as the dashboard, not as the public site (app/root.tsx). */
export const handle = ADMIN_CHROME;

export const links: LinksFunction = () => [{ rel: "stylesheet", href: adminStyles }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  requireDashboard();
  const person = await personOf(request, context);
  if (!person) return loginPage();
  if (!can(person, "postbacks")) return forbiddenPage(person, "ver ni probar los postbacks");
  const { affiliate } = site;
  const token = env.POSTBACK_TOKEN;
  const urls = token
    ? postbackUrls(siteOrigin(site), token, affiliate.postback).map((line) => ({
        ...line,
        name: EVENT_NAMES[line.event],
      }))
    : null;
  const { conversions } = context;
  const log = conversions
    ? shownLog(await readLedger(() => conversions.recentLog(LOG_ROWS)), env.REPORT_TIME_ZONE)
    : null;
  return json(
    {
      state: "page" as const,
      urls,
      clickIdParam: affiliate.click_id_param,
      sendsClickId: affiliate.send_click_id,
      log,
      timeZone: env.REPORT_TIME_ZONE,
    },
    { headers: ADMIN_HEADERS },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  requireDashboard();
  const form = await postedForm(request);
  const session = await answerSessionForm(form, request, context, PATH);
  if (session) return session;
  const person = await personOf(request, context);
  if (!person) return loginPage();
  if (!can(person, "postbacks")) return forbiddenPage(person, "ver ni probar los postbacks");
  const token = env.POSTBACK_TOKEN;
  if (form.get("intent") !== "test" || !token) {
    const text = token ? "Petición no válida." : "POSTBACK_TOKEN no está configurado.";
    return json(
      { state: "test" as const, test: { ok: false, text } },
      { status: 400, headers: ADMIN_HEADERS },
    );
  }
  const answer = await sendTestPostback(
    loopbackOrigin(env.PORT, env.HOST),
    token,
    site.affiliate.postback,
  );
  const test = { ok: answer.ok && answer.status === 200, text: testAnswerText(answer) };
  return json({ state: "test" as const, test }, { headers: ADMIN_HEADERS });
}

export const headers = adminHeaders;

export const meta = adminMeta("Postbacks");

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-page";

export default function AdminPostbacksRoute() {
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  if (data.state === "login") return <LoginForm />;
  if (data.state === "forbidden") return <Forbidden message={data.message} />;
  return (
    <div className="admin admin-postbacks">
      <header className="admin-head">
        <div>
          <h1>Postbacks</h1>
          <p className="admin-head__period">
            Cómo avisan los programas de afiliados de cada registro, depósito y comisión. Horas en{" "}
            {data.timeZone}.
          </p>
        </div>
      </header>
      <PostbacksSetup
        urls={data.urls}
        clickIdParam={data.clickIdParam}
        sendsClickId={data.sendsClickId}
        test={answer?.state === "test" ? answer.test : null}
      />
      <PostbacksLog entries={data.log} />
    </div>
  );
}
