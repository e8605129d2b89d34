/**
 * What every route of the studio (/admin/contenido…) checks first: the dashboard is on
 * (else the site's 404), the marketer is logged in (else the login form, 401), and the
 * studio has its storage (the ledger's database; with CLICK_LEDGER=false the content comes
 * from the files alone and the studio says so, 503).
 */
import { json, type AppLoadContext } from "@remix-run/node";

import { isLoggedIn, requireDashboard } from "~/admin/auth.server";
import { ADMIN_HEADERS, loginPage } from "~/admin/session-form.server";
import type { StudioAccess } from "~/load-context";

/** The account that publishes until named accounts exist: the dashboard's password. */
export const ADMIN_AUTHOR = "admin";

export const studioOff = () =>
  json(
    {
      state: "off" as const,
      message:
        "El estudio guarda el contenido en la base de datos del registro, que está apagada (CLICK_LEDGER=false): el sitio sirve los archivos de content/.",
    },
    { status: 503, headers: ADMIN_HEADERS },
  );

/** The studio, or the answer to give instead (a thrown 404, the login form, the notice). */
export async function openStudio(
  request: Request,
  context: Pick<AppLoadContext, "studio">,
): Promise<{ studio: StudioAccess; author: string } | Response> {
  requireDashboard();
  if (!(await isLoggedIn(request))) return loginPage();
  if (!context.studio) return studioOff();
  return { studio: context.studio, author: ADMIN_AUTHOR };
}
