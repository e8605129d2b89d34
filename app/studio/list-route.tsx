/**
 * /admin/contenido, the content studio's index (app/studio): every page with its path, its
 * state (publicada, cambios sin publicar, conflicto, retirada) and who changed it last and
 * when; the site settings; and a form to start a new page. Behind the dashboard's login,
 * never stored, never indexed. Its code loads with the studio's routes only.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";

import { ADMIN_HEADERS, answerSessionForm, postedForm } from "~/admin/session-form.server";
import { LoginForm } from "~/components/admin/login-form";
import { StudioOff } from "~/components/admin/studio/studio-off";
import { DocumentList } from "~/components/admin/studio/document-list";
import { can } from "~/admin/roles";
import { NewPageError, newPageData } from "~/content/new-page";
import { env } from "~/config/env.server";
import { pageDocumentFor, SITE_DOCUMENT } from "~/studio/content-documents.server";
import { listDocuments } from "~/studio/studio.server";
import { openStudio } from "~/studio/studio-route.server";

export const PATH = "/admin/contenido";

export async function listLoader({ request, context }: LoaderFunctionArgs) {
  const opened = await openStudio(request, context);
  if (opened instanceof Response) return opened;
  const documents = (await listDocuments(opened.studio.store)).filter(
    (summary) => summary.document !== SITE_DOCUMENT || can(opened.person, "settings"),
  );
  return json(
    { state: "list" as const, documents, timeZone: env.REPORT_TIME_ZONE },
    { headers: ADMIN_HEADERS },
  );
}

export async function listAction({ request, context }: ActionFunctionArgs) {
  const form = await postedForm(request);
  const session = await answerSessionForm(form, request, context, PATH);
  if (session) return session;
  const opened = await openStudio(request, context);
  if (opened instanceof Response) return opened;
  const { store } = opened.studio;
  if (form.get("intent") !== "new-page") {
    return json({ error: "Petición no válida." }, { status: 400, headers: ADMIN_HEADERS });
  }
  const slug = String(form.get("slug") ?? "").trim();
  const title = String(form.get("title") ?? "").trim();
  const from = String(form.get("from") ?? "");
  const published = await store.published();
  const drafts = await store.drafts();
  const slugOf = (data: unknown) => (data as { slug?: unknown } | null)?.slug;
  try {
    if (title.length > 120) throw new NewPageError("El título no puede pasar de 120 caracteres.");
    const page = newPageData({
      slug: slug.startsWith("/") || !slug ? slug : `/${slug}`,
      title,
      site: published.get(SITE_DOCUMENT)?.data,
      home: [...published.values()].find((revision) => slugOf(revision.data) === "/")?.data,
      copyOf: from ? (drafts.get(from)?.data ?? published.get(from)?.data ?? undefined) : undefined,
      taken: (wanted) => {
        for (const [document, revision] of published) {
          if (slugOf(revision.data) === wanted) return `La página ${document}`;
        }
        for (const [document, draft] of drafts) {
          if (slugOf(draft.data) === wanted) return `El borrador ${document}`;
        }
        return null;
      },
    });
    const document = pageDocumentFor(String(page.slug));
    if (published.has(document) || drafts.has(document)) {
      throw new NewPageError(`Ya existe un documento ${document}: elige otra ruta.`);
    }
    const saved = await store.saveDraft(document, page, 0, opened.author, null);
    if (!saved.saved) throw new NewPageError(`Ya existe un borrador ${document}.`);
    await context.people.audit(
      opened.author,
      from ? "duplicar página" : "crear página",
      document,
      from ? `${String(page.slug)}, copia de ${from}` : String(page.slug),
    );
    return redirect(`${PATH}/${document.replace(/^pages\//, "paginas/")}`, {
      status: 303,
      headers: ADMIN_HEADERS,
    });
  } catch (error) {
    if (!(error instanceof NewPageError)) throw error;
    return json(
      { error: error.message, slug, title, from },
      { status: 400, headers: ADMIN_HEADERS },
    );
  }
}

export function StudioList() {
  const data = useLoaderData<typeof listLoader>();
  const answer = useActionData<typeof listAction>();
  if (data.state === "login") return <LoginForm />;
  if (data.state === "off") return <StudioOff title="Contenido" message={data.message} />;
  return (
    <DocumentList
      documents={data.documents}
      timeZone={data.timeZone}
      newPage={answer && "error" in answer ? answer : null}
    />
  );
}
