/**
 * A page's draft as visitors will see it: /admin/contenido/paginas/:name/vista-previa for
 * the logged-in marketer, /admin/contenido/paginas/:name/marco for the editor's frame
 * (admin.contenido.preview-frame.tsx: no script, the one page the site lets itself frame),
 * and /admin/vista-previa/:token for a shared link (no account; it expires). The site's own frame and blocks draw it, from the whole content checked with
 * the draft applied, while the public site keeps serving what is published. Never stored,
 * never indexed. A draft that cannot be checked shows its problems instead.
 */
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

import { personOf, requireDashboard } from "~/admin/auth.server";
import { adminHeaders } from "~/admin/route-parts";
import { ADMIN_HEADERS } from "~/admin/session-form.server";
import { PageView } from "~/components/page-view";
import type { PageLoaderData } from "~/routes/page.loader.server";
import { isPageDocument } from "~/studio/content-documents.server";
import { documentOfLink } from "~/studio/preview-links.server";
import { checkWith, editorState } from "~/studio/studio.server";
import studioStyles from "~/styles/studio.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: studioStyles }];

/** 404 for what is not a page's preview, as any unknown path. */
const notFound = () => new Response(null, { status: 404 });

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  requireDashboard();
  let document: string;
  let shared = false;
  if (params.token !== undefined) {
    const named = documentOfLink(params.token);
    if (named === null) throw notFound();
    if (named === "expired") {
      return json(
        { state: "expired" as const, title: "Enlace caducado" },
        { status: 410, headers: ADMIN_HEADERS },
      );
    }
    document = named;
    shared = true;
  } else {
    document = `pages/${params.name ?? ""}`;
    if (!(await personOf(request, context))) {
      throw redirect(`/admin/contenido/paginas/${params.name ?? ""}`, {
        status: 303,
        headers: ADMIN_HEADERS,
      });
    }
  }
  if (!isPageDocument(document) || !context.studio) throw notFound();
  const { store } = context.studio;
  const state = await editorState(store, document);
  if (!state) throw notFound();
  const draft = state.draft?.data ?? state.published?.data ?? null;
  if (draft === null) throw notFound();
  const check = await checkWith(store, new Map([[document, draft]]));
  const title = String((draft as { title?: unknown }).title ?? document);
  const slug = (draft as { slug?: unknown }).slug;
  const page = check.content?.pages.find((candidate) => candidate.slug === slug) ?? null;
  if (!check.content || !page) {
    return json(
      { state: "problems" as const, title, problems: check.problems, shared },
      { status: 422, headers: ADMIN_HEADERS },
    );
  }
  const promotional = [...check.content.links.values()].some((link) => link.page === page.slug);
  const data: PageLoaderData = {
    page,
    fallbackText: null,
    seo: null,
    notice: null,
    advice: null,
    promotional,
    restricted: false,
  };
  return json(
    { state: "preview" as const, title, data, shared, draft: state.draft !== null },
    { headers: ADMIN_HEADERS },
  );
}

export const headers = adminHeaders;

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Vista previa: ${data?.title ?? ""}` },
  { name: "robots", content: "noindex, nofollow" },
];

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-page";

export default function StudioPreviewRoute() {
  const loaded = useLoaderData<typeof loader>();
  if (loaded.state === "expired") {
    return (
      <p className="studio-preview-bar" role="status">
        Este enlace de vista previa ha caducado. Pide uno nuevo a quien te lo envió.
      </p>
    );
  }
  const bar = (
    <p className="studio-preview-bar" role="note">
      Vista previa{" "}
      {loaded.state === "preview" && !loaded.draft ? "de lo publicado" : "del borrador"}: los
      visitantes no ven estos cambios hasta que se publiquen.
    </p>
  );
  if (loaded.state === "problems") {
    return (
      <>
        {bar}
        <section className="studio-problems" role="alert">
          <h1>El borrador todavía no se puede mostrar</h1>
          <ul>
            {loaded.problems.map((line, index) => (
              <li key={index}>{line}</li>
            ))}
          </ul>
        </section>
      </>
    );
  }
  return (
    <>
      {bar}
      <PageView data={loaded.data as PageLoaderData} />
    </>
  );
}
