/**
 * /admin/contenido/redirecciones (app/routes/admin.contenido.tsx), for admins: every 301 the
 * site answers (a page's old paths, on their own; those an admin added, with Quitar), a
 * form to add one, and the paths that answered 404 most often in the last 30 days, each a
 * click away from its redirect. An added or removed redirect is a publish of the site
 * settings (`redirects`): checked with the whole content, in the history, live on every
 * instance within a second; a draft of the settings gets the same change.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";

import { can } from "~/admin/roles";
import {
  ADMIN_HEADERS,
  answerSessionForm,
  forbiddenPage,
  postedForm,
} from "~/admin/session-form.server";
import { Forbidden } from "~/components/admin/forbidden";
import { LoginForm } from "~/components/admin/login-form";
import { StudioOff } from "~/components/admin/studio/studio-off";
import { RedirectsPage, type RedirectsResult } from "~/components/admin/studio/redirects-page";
import { pages, redirects } from "~/content/content.server";
import { FORBIDDEN_SLUG, NOT_FOUND_SLUG } from "~/content/resolve-page";
import { PATHS_PER_DAY } from "~/redirects/not-found-log.server";
import { redirectFor } from "~/redirects/redirects";
import type { StudioAccess } from "~/load-context";

import { SITE_DOCUMENT } from "./content-documents.server";
import { checkWith, problemsOf } from "./studio.server";
import { openStudio } from "./studio-route.server";

export const REDIRECTS_PATH = "/admin/contenido/redirecciones";

type ManualRedirect = { from: string; to: string; note?: string };

async function pageData(studio: StudioAccess, request: Request) {
  const { paths, full } = await studio.notFound.top(50);
  const map = redirects();
  const live = new Set(pages.map((page) => page.slug));
  return {
    state: "redirects" as const,
    redirects: [...map.values()].sort((a, b) => a.from.localeCompare(b.from)),
    pages: pages
      .filter((page) => page.slug !== NOT_FOUND_SLUG && page.slug !== FORBIDDEN_SLUG)
      .map((page) => ({ slug: page.slug, title: page.title }))
      .sort((a, b) => a.slug.localeCompare(b.slug)),
    notFound: paths.map((row) => ({
      ...row,
      /** Where the path leads now: a redirect added since, or a page published there. */
      now: redirectFor(map, row.path)?.to ?? (live.has(row.path) ? row.path : null),
    })),
    full,
    perDay: PATHS_PER_DAY,
    from: new URL(request.url).searchParams.get("desde")?.slice(0, 200) ?? "",
  };
}

export async function redirectsLoader({ request, context }: LoaderFunctionArgs) {
  const opened = await openStudio(request, context);
  if (opened instanceof Response) return opened;
  if (!can(opened.person, "settings")) {
    return forbiddenPage(opened.person, "gestionar las redirecciones");
  }
  return json(await pageData(opened.studio, request), { headers: ADMIN_HEADERS });
}

const answer = (result: RedirectsResult, status = 200) =>
  json({ state: "result" as const, ...result }, { status, headers: ADMIN_HEADERS });

const listOf = (site: unknown): ManualRedirect[] => [
  ...((site as { redirects?: ManualRedirect[] } | null)?.redirects ?? []),
];

export async function redirectsAction({ request, context }: ActionFunctionArgs) {
  const form = await postedForm(request);
  const session = await answerSessionForm(form, request, context, REDIRECTS_PATH);
  if (session) return session;
  const opened = await openStudio(request, context);
  if (opened instanceof Response) return opened;
  if (!can(opened.person, "settings")) {
    return forbiddenPage(opened.person, "gestionar las redirecciones");
  }
  const { studio, author } = opened;
  const intent = form.get("intent");
  const typed = {
    from: String(form.get("from") ?? "").trim(),
    to: String(form.get("to") ?? "").trim(),
    note: String(form.get("note") ?? "").trim(),
  };
  const published = (await studio.store.publishedData()).get(SITE_DOCUMENT);
  const list = listOf(published);
  let next: ManualRedirect[];
  let message: string;
  if (intent === "add") {
    const redirect: ManualRedirect = { from: typed.from, to: typed.to };
    if (typed.note) redirect.note = typed.note;
    next = [...list, redirect];
    message = `Redirección añadida: ${typed.from} → ${typed.to}`;
  } else if (intent === "remove") {
    next = list.filter((redirect) => redirect.from !== typed.from);
    if (next.length === list.length) {
      return answer({ ok: false, message: "Esa redirección ya no está en la lista." }, 404);
    }
    message = `Redirección quitada: ${typed.from}`;
  } else {
    return answer({ ok: false, message: "Petición no válida." }, 400);
  }

  const data = { ...(published as Record<string, unknown>), redirects: next };
  const check = await checkWith(studio, new Map([[SITE_DOCUMENT, data]]));
  if (check.problems.length > 0) {
    const { fields, others } = problemsOf(SITE_DOCUMENT, check.problems, data);
    const index = next.length - 1;
    const field = (name: "from" | "to") =>
      fields
        .filter((problem) => problem.path[0] === "redirects" && problem.path[1] === index)
        .filter((problem) => problem.path[2] === name)
        .map((problem) => problem.message)
        .join(" · ") || undefined;
    const errors = intent === "add" ? { from: field("from"), to: field("to") } : {};
    const rest = [
      ...fields
        .filter((problem) => intent !== "add" || problem.path[1] !== index)
        .map((problem) => `${problem.words}: ${problem.message}`),
      ...others,
    ];
    return answer(
      {
        ok: false,
        message:
          rest.length > 0 && !errors.from && !errors.to
            ? `No se guardó: ${rest.slice(0, 3).join(" · ")}`
            : "No se guardó: corrige lo que se indica.",
        errors,
        typed,
      },
      422,
    );
  }
  // A draft of the settings (the publish ends it) comes back with the same list, so
  // publishing it later keeps this change.
  const draft = await studio.store.draft(SITE_DOCUMENT);
  const [id] = await studio.store.publish([{ document: SITE_DOCUMENT, data }], author, message);
  if (draft) {
    await studio.store.saveDraft(
      SITE_DOCUMENT,
      { ...(draft.data as Record<string, unknown>), redirects: next },
      0,
      draft.author,
      id ?? null,
    );
  }
  await context.people.audit(
    author,
    intent === "add" ? "añadir redirección" : "quitar redirección",
    SITE_DOCUMENT,
    message,
  );
  await studio.refresh();
  return answer({ ok: true, message: `${message}. Ya funciona en el sitio.` });
}

export function StudioRedirects() {
  const data = useLoaderData<typeof redirectsLoader>();
  const result = useActionData<typeof redirectsAction>();
  if (data.state === "login") return <LoginForm />;
  if (data.state === "forbidden") return <Forbidden message={data.message} />;
  if (data.state === "off") return <StudioOff title="Redirecciones" message={data.message} />;
  const answered =
    result && "state" in result && result.state === "result" ? (result as RedirectsResult) : null;
  return <RedirectsPage {...data} result={answered} />;
}
