/**
 * /admin, the marketer's dashboard (app/admin). Switched off (no ADMIN_PASSWORD), it is
 * the site's 404 page, exactly as any unknown path. On, it asks for the password (401),
 * then shows the clicks of a period with filters kept in the URL. Every answer is
 * `no-store` and `noindex`; the page cache never keeps it (server/page-cache.ts stores
 * only `public` answers to requests without cookies). Its code and stylesheet load only
 * here.
 */
import type {
  ActionFunctionArgs,
  HeadersFunction,
  LinksFunction,
  LoaderFunctionArgs,
  MetaFunction,
} from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

import {
  adminEnabled,
  isLoggedIn,
  logIn,
  loginLimiter,
  logOut,
  passwordMatches,
} from "~/admin/auth.server";
import { loadDashboard } from "~/admin/dashboard.server";
import { readView, todayIn } from "~/admin/query";
import { AdminDashboard, LoginForm } from "~/components/admin/dashboard";
import { env } from "~/config/env.server";
import { pageLoader } from "~/pages/page-loader.server";
import { PageView, pageMeta } from "~/pages/page-view";
import adminStyles from "~/styles/admin.css";

export const ADMIN_HEADERS = {
  "Cache-Control": "no-store",
  "X-Robots-Tag": "noindex, nofollow",
} as const;

export const links: LinksFunction = () => [{ rel: "stylesheet", href: adminStyles }];

export async function loader(args: LoaderFunctionArgs) {
  if (!adminEnabled()) {
    const page = pageLoader(args);
    return json(
      { state: "off" as const, page: await page.json() },
      { status: page.status, headers: page.headers },
    );
  }
  const { request, context } = args;
  if (!(await isLoggedIn(request))) {
    return json({ state: "login" as const, error: null }, { status: 401, headers: ADMIN_HEADERS });
  }
  const url = new URL(request.url);
  const view = readView(url.searchParams, todayIn(env.REPORT_TIME_ZONE));
  const dashboard = context.clicks ? await loadDashboard(context.clicks.reports, view) : null;
  return json(
    { state: "dashboard" as const, view, dashboard, timeZone: env.REPORT_TIME_ZONE },
    { headers: ADMIN_HEADERS },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  if (!adminEnabled()) throw json(null, { status: 404, headers: ADMIN_HEADERS });
  const form = await request.formData();
  const intent = form.get("intent");
  const search = new URL(request.url).search;
  if (intent === "logout") {
    return redirect("/admin", {
      status: 303,
      headers: { ...ADMIN_HEADERS, "Set-Cookie": await logOut(request) },
    });
  }
  if (intent !== "login") {
    return json(
      { state: "login" as const, error: "Petición no válida." },
      { status: 400, headers: ADMIN_HEADERS },
    );
  }
  const client = context.clientAddress || "unknown";
  const wait = loginLimiter.retryAfter(client);
  if (wait > 0) {
    return json(
      {
        state: "login" as const,
        error: `Demasiados intentos fallidos. Vuelve a probar dentro de ${wait} s.`,
      },
      { status: 429, headers: { ...ADMIN_HEADERS, "Retry-After": String(wait) } },
    );
  }
  const password = form.get("password");
  if (typeof password === "string" && passwordMatches(password)) {
    loginLimiter.succeed(client);
    return redirect(`/admin${search}`, {
      status: 303,
      headers: { ...ADMIN_HEADERS, "Set-Cookie": await logIn(request) },
    });
  }
  loginLimiter.fail(client);
  return json(
    { state: "login" as const, error: "Contraseña incorrecta." },
    { status: 401, headers: ADMIN_HEADERS },
  );
}

export const headers: HeadersFunction = ({ actionHeaders, loaderHeaders, errorHeaders }) =>
  errorHeaders ?? (actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders);

export const meta: MetaFunction<typeof loader> = (args) => {
  const data = args.data;
  if (data?.state === "off") return pageMeta({ ...args, data: data.page });
  return [
    { title: data?.state === "dashboard" ? "Panel de clics" : "Acceso al panel de clics" },
    { name: "robots", content: "noindex, nofollow" },
  ];
};

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-page";

export default function AdminRoute() {
  const data = useLoaderData<typeof loader>();
  if (data.state === "off") return <PageView data={data.page} />;
  if (data.state === "login") return <LoginForm />;
  return <AdminDashboard view={data.view} dashboard={data.dashboard} timeZone={data.timeZone} />;
}
