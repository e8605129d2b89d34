/**
 * A page's draft as visitors will see it, answered by the page route itself
 * (app/routes/page.loader.server.ts) on the studio's preview paths, so the public page's
 * code is the preview's and nothing of the studio reaches a public page's JavaScript:
 * - /admin/vista-previa/pagina/<name>, for the logged-in marketer (in a tab);
 * - /admin/vista-previa/marco/<name>, the same, the one page the site lets be framed, by the
 *   site itself (the editor shows it at 390 and 1280 px);
 * - /admin/vista-previa/ajustes and /admin/vista-previa/ajustes/marco, the same for the site
 *   settings' draft, on the home page (the root loader takes the draft's header and footer);
 * - /admin/vista-previa/<token>, a signed link for someone without an account; it expires.
 * The whole content is checked with the draft applied; the public site keeps serving what
 * is published. Never stored, never indexed (ADMIN_HEADERS).
 */
import { json, redirect, type AppLoadContext, type TypedResponse } from "@remix-run/node";

import { ADMIN_HEADERS } from "~/admin/admin-headers";
import { personOf, requireDashboard } from "~/admin/auth.server";
import type { Page, Site } from "~/content/schema";
import type { PageLoaderData } from "~/routes/page.loader.server";
import { bylineOf } from "~/content/record-pages";
import { seoDescriptors } from "~/seo/seo-head.server";
import type { Seo } from "~/seo/seo.server";

import { isPageDocument, SITE_DOCUMENT } from "./content-documents.server";
import { documentOfLink } from "./preview-links.server";
import { checkWith, editorState } from "./studio.server";

/** The paths the page route answers as a preview, and what each shows. */
const PREVIEW_PATH =
  /^\/admin\/vista-previa\/(?:(pagina|marco)\/([a-z0-9-]+)|ajustes(\/marco)?|([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+))$/;

export const isPreviewPath = (pathname: string): boolean => PREVIEW_PATH.test(pathname);

const notFound = () => new Response(null, { status: 404 });

/** The page a preview of the site settings shows them on. */
const HOME_SLUG = "/";

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

/** A draft checked with the rest of the content, as a preview shows it. */
type Resolved = {
  document: string;
  framed: boolean;
  hasDraft: boolean;
  title: string;
  check: Awaited<ReturnType<typeof checkWith>>;
  /** The page shown: the document's own, or the home page under the site settings' draft. */
  page: Page | null;
};

/**
 * What the preview path of a request shows, or the answer to give instead. Computed once
 * per request (keyed by its load context): the root loader asks for the site settings and
 * the page loader for the page, at the same time.
 */
const resolved = new WeakMap<object, Promise<Resolved | Response>>();

function resolve(
  request: Request,
  context: Pick<AppLoadContext, "studio" | "people">,
): Promise<Resolved | Response> {
  let answer = resolved.get(context);
  if (!answer) {
    answer = resolveNow(request, context);
    resolved.set(context, answer);
  }
  return answer;
}

async function resolveNow(
  request: Request,
  context: Pick<AppLoadContext, "studio" | "people">,
): Promise<Resolved | Response> {
  const match = PREVIEW_PATH.exec(new URL(request.url).pathname);
  if (!match) return notFound();
  const [, kind, name, settingsFrame, token] = match;
  let document: string;
  if (token !== undefined) {
    const named = documentOfLink(token);
    if (named === null) return notFound();
    if (named === "expired") return new Response(null, { status: 410 });
    document = named;
  } else {
    document = name === undefined ? SITE_DOCUMENT : `pages/${name}`;
    if (!(await personOf(request, context))) {
      return redirect(
        document === SITE_DOCUMENT
          ? "/admin/contenido/ajustes"
          : `/admin/contenido/paginas/${name}`,
        { status: 303, headers: ADMIN_HEADERS },
      );
    }
  }
  if ((document !== SITE_DOCUMENT && !isPageDocument(document)) || !context.studio) {
    return notFound();
  }
  const { store } = context.studio;
  const state = await editorState(store, document);
  const draft = state?.draft?.data ?? state?.published?.data ?? null;
  if (!state || draft === null) return notFound();
  const check = await checkWith(context.studio, new Map([[document, draft]]));
  const slug = document === SITE_DOCUMENT ? HOME_SLUG : (draft as { slug?: unknown }).slug;
  return {
    document,
    framed: kind === "marco" || settingsFrame !== undefined,
    hasDraft: state.draft !== null,
    title:
      document === SITE_DOCUMENT
        ? "Ajustes del sitio"
        : String((draft as { title?: unknown }).title ?? document),
    check,
    page: check.content?.pages.find((candidate) => candidate.slug === slug) ?? null,
  };
}

/**
 * The site settings a preview of their draft shows (header, footer, notices), for the root
 * loader on a preview path (isPreviewPath); null for a page's preview, and whenever the
 * draft cannot be shown (the page loader then answers why).
 */
export async function previewSite(
  request: Request,
  context: Pick<AppLoadContext, "studio" | "people">,
): Promise<Site | null> {
  const target = await resolve(request, context).catch(() => null);
  if (!target || target instanceof Response || target.document !== SITE_DOCUMENT) return null;
  return target.check.content?.site ?? null;
}

/** The page data of a preview, or the answer to give instead. */
export async function previewData(
  request: Request,
  context: Pick<AppLoadContext, "studio" | "people">,
  blank: (text: string) => PageLoaderData,
): Promise<TypedResponse<PageLoaderData>> {
  requireDashboard();
  const target = await resolve(request, context);
  if (target instanceof Response) {
    if (target.status !== 410) throw target;
    return json(
      blank("Este enlace de vista previa ha caducado. Pide uno nuevo a quien te lo envió."),
      { status: 410, headers: ADMIN_HEADERS },
    );
  }
  const { check, page } = target;
  const preview = {
    title: target.title,
    framed: target.framed,
    bar: !target.hasDraft
      ? "Vista previa de lo publicado."
      : target.document === SITE_DOCUMENT
        ? "Vista previa del borrador de los ajustes del sitio (cabecera, pie, avisos) sobre la página de inicio: los visitantes no ven estos cambios hasta que se publiquen."
        : "Vista previa del borrador: los visitantes no ven estos cambios hasta que se publiquen.",
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
      head: seoDescriptors(previewSeo(page, check.content.site)),
      byline: bylineOf(page, check.content.site),
      notice: null,
      advice: null,
      promotional: [...check.content.links.values()].some((link) => link.page === page.slug),
      restricted: false,
      preview,
    },
    { headers: ADMIN_HEADERS },
  );
}
