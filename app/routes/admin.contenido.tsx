/**
 * /admin/contenido, the content studio (app/studio), one route for its pages, so every
 * public page's route manifest lists it once: the list of documents (app/studio/
 * list-route.tsx), its people (/admin/contenido/personas, app/studio/people-route.tsx), its
 * images (/admin/contenido/medios, app/studio/media-route.tsx), its redirects
 * (/admin/contenido/redirecciones, app/studio/redirects-route.tsx), its games and their
 * CSV import (/admin/contenido/juegos, app/studio/games-route.tsx) and,
 * at /admin/contenido/ajustes and /admin/contenido/paginas/<name>, one document's editor
 * (app/studio/editor-route.tsx). Behind the dashboard's login, never
 * stored, never indexed. Its code loads with this route only.
 */
import type {
  ActionFunctionArgs,
  LinksFunction,
  LoaderFunctionArgs,
  MetaFunction,
} from "@remix-run/node";
import { type ShouldRevalidateFunction, useParams } from "@remix-run/react";

import { adminHeaders, adminMeta } from "~/admin/route-parts";
import { ADMIN_CHROME } from "~/components/admin/admin-chrome";
import { editorAction, editorLoader, StudioEditor } from "~/studio/editor-route";
import { listAction, listLoader, StudioList } from "~/studio/list-route";
import { mediaAction, mediaLoader, StudioMedia } from "~/studio/media-route";
import { People, peopleAction, peopleLoader } from "~/studio/people-route";
import { gamesAction, gamesLoader, StudioGames } from "~/studio/games-route";
import { redirectsAction, redirectsLoader, StudioRedirects } from "~/studio/redirects-route";
import adminStyles from "~/styles/admin.css";
import studioStyles from "~/styles/studio.css";

/** Framed as the dashboard; the editor frames the site's own previews (app/entry.server.tsx). */
export const handle = { ...ADMIN_CHROME, frames: "self" } as const;

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: adminStyles },
  { rel: "stylesheet", href: studioStyles },
];

/** Which page of the studio a path is: its list, its people, or one document's editor. */
const pageOf = (params: { section?: string; name?: string }) =>
  params.section === undefined
    ? "list"
    : params.section === "personas" && params.name === undefined
      ? "people"
      : params.section === "medios" && params.name === undefined
        ? "media"
        : params.section === "redirecciones" && params.name === undefined
          ? "redirects"
          : params.section === "juegos" && params.name === undefined
            ? "games"
            : "editor";

export const loader = (args: LoaderFunctionArgs) =>
  (
    ({
      list: listLoader,
      people: peopleLoader,
      media: mediaLoader,
      redirects: redirectsLoader,
      games: gamesLoader,
      editor: editorLoader,
    }) as const
  )[pageOf(args.params)](args);

export const action = (args: ActionFunctionArgs) =>
  (
    ({
      list: listAction,
      people: peopleAction,
      media: mediaAction,
      redirects: redirectsAction,
      games: gamesAction,
      editor: editorAction,
    }) as const
  )[pageOf(args.params)](args);

export const headers = adminHeaders;

/**
 * A shared preview link changes nothing the page shows, and a refused action (4xx) answers
 * with the editor's data as it is now: reloading it after either would draw the editor
 * again and empty what the marketer typed meanwhile (the publish note, the field a refusal
 * pointed at).
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  formData,
  actionStatus,
  defaultShouldRevalidate,
}) =>
  formData?.get("intent") === "share" || (actionStatus !== undefined && actionStatus >= 400)
    ? false
    : defaultShouldRevalidate;

const metas = {
  list: adminMeta("Contenido"),
  people: adminMeta("Personas"),
  media: adminMeta("Imágenes"),
  redirects: adminMeta("Redirecciones"),
  games: adminMeta("Juegos"),
  editor: adminMeta("Editar contenido"),
};
export const meta: MetaFunction = (args) => metas[pageOf(args.params)](args as never);

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-page";

export default function StudioRoute() {
  const Page = {
    list: StudioList,
    people: People,
    media: StudioMedia,
    redirects: StudioRedirects,
    games: StudioGames,
    editor: StudioEditor,
  }[pageOf(useParams())];
  return <Page />;
}
