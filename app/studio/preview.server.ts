/**
 * A page's draft as visitors will see it, answered by the page route itself
 * (app/routes/page.loader.server.ts) on the studio's preview paths, so the public page's
 * code is the preview's and nothing of the studio reaches a public page's JavaScript:
 * - /admin/vista-previa/pagina/<name>, for the logged-in marketer (in a tab);
 * - /admin/vista-previa/marco/<name>, the same, the one page the site lets be framed, by the
 *   site itself (the editor shows it at 390 and 1280 px);
 * - /admin/vista-previa/<token>, a signed link for someone without an account; it expires.
 * The whole content is checked with the draft applied; the public site keeps serving what
 * is published. Never stored, never indexed (ADMIN_HEADERS).
 */
import { json, redirect, type AppLoadContext, type TypedResponse } from "@remix-run/node";

import { ADMIN_HEADERS } from "~/admin/admin-headers";
import { personOf, requireDashboard } from "~/admin/auth.server";
import type { Page, Site } from "~/content/schema";
import type { PageLoaderData } from "~/routes/page.loader.server";
import type { Seo } from "~/seo/seo.server";

import { isPageDocument } from "./content-documents.server";
import { documentOfLink } from "./preview-links.server";
import { checkWith, editorState } from "./studio.server";

/** The paths the page route answers as a preview, and which kind each is. */
const PREVIEW_PATH =
  /^\/admin\/vista-previa\/(?:(pagina|marco)\/([a-z0-9-]+)|([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+))$/;

export const isPreviewPath = (pathname: string): boolean => PREVIEW_PATH.test(pathname);

const notFound = () => new Response(null, { status: 404 });

/** The head of a preview: its title, never indexed, the site's icons, nothing to share. */
function previewSeo(page: Page, site: Site): Seo {
  const { favicon, apple_touch_icon: appleTouchIcon } = site.meta.links_settings;
  return {
    title: `Vista previa: ${page.title}`,
    description: page.meta.description,
    lang: page.meta.lang ?? site.meta.meta_settings.lang,
    robots: "noindex, nofollow",
    canonical: null,
    alternates: [],
    openGraph: [],
    twitter: [],
    icons: { favicon, appleTouchIcon },
    customTags: [],
    jsonLd: null,
  };
}

/** The page data of a preview, or the answer to give instead. */
export async function previewData(
  request: Request,
  context: Pick<AppLoadContext, "studio" | "people">,
  blank: (text: string) => PageLoaderData,
): Promise<TypedResponse<PageLoaderData>> {
  requireDashboard();
  const match = PREVIEW_PATH.exec(new URL(request.url).pathname);
  if (!match) throw notFound();
  const [, kind, name, token] = match;
  let document: string;
  if (token !== undefined) {
    const named = documentOfLink(token);
    if (named === null) throw notFound();
    if (named === "expired") {
      return json(
        blank("Este enlace de vista previa ha caducado. Pide uno nuevo a quien te lo envió."),
        { status: 410, headers: ADMIN_HEADERS },
      );
    }
    document = named;
  } else {
    document = `pages/${name}`;
    if (!(await personOf(request, context))) {
      throw redirect(`/admin/contenido/paginas/${name}`, { status: 303, headers: ADMIN_HEADERS });
    }
  }
  if (!isPageDocument(document) || !context.studio) throw notFound();
  const { store } = context.studio;
  const state = await editorState(store, document);
  const draft = state?.draft?.data ?? state?.published?.data ?? null;
  if (!state || draft === null) throw notFound();
  const check = await checkWith(context.studio, new Map([[document, draft]]));
  const title = String((draft as { title?: unknown }).title ?? document);
  const slug = (draft as { slug?: unknown }).slug;
  const page = check.content?.pages.find((candidate) => candidate.slug === slug) ?? null;
  const preview = {
    title,
    framed: kind === "marco",
    bar: state.draft
      ? "Vista previa del borrador: los visitantes no ven estos cambios hasta que se publiquen."
      : "Vista previa de lo publicado.",
  };
  if (!check.content || !page) {
    return json(
      {
        ...blank(`El borrador todavía no se puede mostrar: ${check.problems.join(" · ")}`),
        preview,
      },
      { status: 422, headers: ADMIN_HEADERS },
    );
  }
  return json(
    {
      page,
      fallbackText: null,
      seo: previewSeo(page, check.content.site),
      notice: null,
      advice: null,
      promotional: [...check.content.links.values()].some((link) => link.page === page.slug),
      restricted: false,
      preview,
    },
    { headers: ADMIN_HEADERS },
  );
}
