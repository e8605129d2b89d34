/**
 * /admin/contenido/paginas/:name/marco: the draft's preview as the editor frames it at a
 * phone's and a laptop's width (app/components/admin/studio/preview-frame.tsx). The same
 * page as admin.contenido.preview.tsx, drawn without scripts (nothing to run in a picture,
 * and no view or click of a visitor recorded), and the one page the site lets be framed,
 * by the site itself (app/entry.server.tsx reads `framedBy` for `frame-ancestors`).
 */
export { default, headers, links, loader, meta } from "./admin.contenido.preview";
export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-page";

export const handle = { framedBy: "self", hydrate: false } as const;
