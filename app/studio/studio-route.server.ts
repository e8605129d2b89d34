/**
 * What every route of the studio (/admin/contenido…) checks first: the dashboard is on
 * (else the site's 404), the marketer is logged in (else the login form, 401), and the
 * studio has its storage (the ledger's database; with CLICK_LEDGER=false the content comes
 * from the files alone and the studio says so, 503).
 */
import { json, type AppLoadContext } from "@remix-run/node";

import { personOf, requireDashboard } from "~/admin/auth.server";
import type { Person } from "~/admin/people.server";
import { ADMIN_HEADERS, loginPage } from "~/admin/session-form.server";
import type { StudioAccess } from "~/load-context";

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
  context: Pick<AppLoadContext, "studio" | "people">,
): Promise<{ studio: StudioAccess; person: Person; author: string } | Response> {
  requireDashboard();
  const person = await personOf(request, context);
  if (!person) return loginPage();
  if (!context.studio) return studioOff();
  return { studio: context.studio, person, author: person.email };
}
