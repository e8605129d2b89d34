/**
 * Remix v2, classic compiler. Routes are declared here rather than by file name so the
 * route table reads like the product's (docs/decisions/001-product-rules.md): "/", "/403", "/404" and a catch-all at any depth all
 * render one page module. Route ids carry the English locale suffix ("___en").
 * Resource routes (no UI) follow.
 * @type {import('@remix-run/dev').AppConfig}
 */
/** Assets from a CDN when CDN_URL is set at build time, else from this server. */
const cdnUrl = process.env.CDN_URL ? new URL(process.env.CDN_URL).origin : "";

/**
 * `remix dev` (NODE_ENV=development, set by Remix before it reads this file) builds into
 * .dev/, never into the production build's folders: running `npm run dev` where the
 * production server runs leaves that server's build/ and public/build/ alone.
 */
const development = process.env.NODE_ENV === "development";

export default {
  ignoredRouteFiles: ["**/*"],
  publicPath: `${cdnUrl}/build/`,
  ...(development
    ? {
        serverBuildPath: ".dev/build/index.js",
        assetsBuildDirectory: ".dev/public/build",
        cacheDirectory: ".dev/cache",
      }
    : {}),
  serverModuleFormat: "esm",
  // Content is read by the server, not compiled: `npm run dev` reloads it on save without a
  // rebuild (server/dev-content.ts).
  routes(defineRoutes) {
    return defineRoutes((route) => {
      route("/", "routes/page.tsx", { index: true, id: "index___en" });
      route("403", "routes/page.tsx", { id: "403___en" });
      route("404", "routes/page.tsx", { id: "404___en" });
      route("*", "routes/page.tsx", { id: "slug___en" });
      route("sitemap.xml", "routes/sitemap.xml.ts");
      route("robots.txt", "routes/robots.txt.ts");
      route("healthz", "routes/healthz.ts");
      route("_app/builds/latest.json", "routes/builds.latest.ts");
      route("_app/builds/meta/:file", "routes/builds.meta.ts");
      route("_app/locale", "routes/locale.tsx");
      route("_app/status/:code", "routes/status.tsx");
      route("admin", "routes/admin.tsx", { id: "admin___en" });
      route("admin/clicks.csv", "routes/admin.export.ts", { id: "admin-clicks___en" });
      route("admin/conversions.csv", "routes/admin.export.ts", {
        id: "admin-conversions___en",
      });
      route("admin/daily.csv", "routes/admin.export.ts", { id: "admin-daily___en" });
      route("admin/pages.csv", "routes/admin.export.ts", { id: "admin-pages___en" });
      // The Ahora block's last 30 minutes, polled by the dashboard (app/reports/live.server.ts).
      route("admin/ahora.json", "routes/admin.ahora.ts", { id: "admin-ahora___en" });
      route("admin/import", "routes/admin.import.tsx", { id: "admin-import___en" });
      route("admin/postbacks", "routes/admin.postbacks.tsx", { id: "admin-postbacks___en" });
      route("admin/enlaces", "routes/admin.enlaces.tsx", { id: "admin-enlaces___en" });
      route("admin/experiments", "routes/admin.experiments.tsx", {
        id: "admin-experiments___en",
      });
      // The content studio (app/studio, docs/editing-content.md).

      // The content studio: /admin/contenido (its list), /admin/contenido/personas (its
      // people), /admin/contenido/ajustes and /admin/contenido/paginas/<name> (one document's
      // editor), one route.
      route("admin/contenido/:section?/:name?", "routes/admin.contenido.tsx", {
        id: "studio___en",
      });
      // The studio's previews (/admin/vista-previa/…) are pages: the catch-all page route
      // answers them (app/studio/preview.server.ts), with no entry of their own.
    });
  },
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
  },
};
