/**
 * /admin/contenido/juegos (app/routes/admin.contenido.tsx), for people who edit the site
 * settings: the games of the site config, and their CSV import (games-import.server.ts).
 * "preview" reads the file and checks the whole content with it applied, naming what is
 * wrong line by line; "confirm" reads the same text again and writes the games into the
 * settings' draft, to complete and publish from the settings' editor.
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
import { GamesPage, type GamesResult } from "~/components/admin/studio/games-page";
import { StudioOff } from "~/components/admin/studio/studio-off";
import { site } from "~/content/content.server";
import type { StudioAccess } from "~/load-context";

import { SITE_DOCUMENT } from "./content-documents.server";
import {
  MAX_GAMES_CSV_BYTES,
  readGamesCsv,
  withImportedGames,
  type GameRow,
} from "./games-import.server";
import { checkWith, problemsOf } from "./studio.server";
import { openStudio } from "./studio-route.server";

export const GAMES_PATH = "/admin/contenido/juegos";

type Games = Parameters<typeof withImportedGames>[0];
type SiteData = Record<string, unknown> & { games?: Games };

export async function gamesLoader({ request, context }: LoaderFunctionArgs) {
  const opened = await openStudio(request, context);
  if (opened instanceof Response) return opened;
  if (!can(opened.person, "settings")) return forbiddenPage(opened.person, "importar juegos");
  return json(
    {
      state: "games" as const,
      games: site.games.map(({ slug, name, provider, rtp, volatility }) => ({
        slug,
        name,
        provider,
        rtp,
        volatility,
      })),
    },
    { headers: ADMIN_HEADERS },
  );
}

const answer = (result: GamesResult, status = 200) =>
  json({ state: "result" as const, ...result }, { status, headers: ADMIN_HEADERS });

/** The CSV text of the form: the file chosen, else the text pasted; null when too large. */
async function csvOf(form: FormData): Promise<string | null> {
  const file = form.get("file");
  if (file instanceof File && file.size > 0) {
    return file.size > MAX_GAMES_CSV_BYTES ? null : file.text();
  }
  return String(form.get("csv") ?? "");
}

/** The settings as the studio edits them now: its draft, else what is published. */
async function settingsNow(studio: StudioAccess) {
  const draft = await studio.store.draft(SITE_DOCUMENT);
  const published = (await studio.store.publishedData()).get(SITE_DOCUMENT) as SiteData;
  return { data: (draft?.data ?? published) as SiteData, draft };
}

/**
 * The rows with the problems the whole content's check finds in their game (an image that
 * does not exist, a copy rule). A new game's texts are still to write: expected here.
 */
async function checked(studio: StudioAccess, data: SiteData, rows: GameRow[]) {
  const games = withImportedGames(data.games ?? [], rows);
  const next = { ...data, games };
  const check = await checkWith(studio, new Map([[SITE_DOCUMENT, next]]));
  const { fields } = problemsOf(SITE_DOCUMENT, check.problems, next);
  const rowsChecked = rows.map((row) => {
    const at = games.findIndex((game) => game.slug === row.slug);
    const found = fields
      .filter((problem) => problem.path[0] === "games" && problem.path[1] === at)
      .filter((problem) => !problem.message.startsWith("texto por completar"))
      .map((problem) => `${String(problem.path[2] ?? "")}: ${problem.message}`);
    return { ...row, problems: [...row.problems, ...found] };
  });
  return { rows: rowsChecked, next };
}

export async function gamesAction({ request, context }: ActionFunctionArgs) {
  const form = await postedForm(request);
  const session = await answerSessionForm(form, request, context, GAMES_PATH);
  if (session) return session;
  const opened = await openStudio(request, context);
  if (opened instanceof Response) return opened;
  if (!can(opened.person, "settings")) return forbiddenPage(opened.person, "importar juegos");
  const { studio, author } = opened;
  const intent = form.get("intent");
  if (intent !== "preview" && intent !== "confirm") {
    return answer({ kind: "done", ok: false, message: "Petición no válida." }, 400);
  }
  const csv = await csvOf(form);
  if (csv === null) {
    const problems = [`El archivo pasa de ${MAX_GAMES_CSV_BYTES / 1024} KB.`];
    return answer({ kind: "preview", rows: [], csv: "", problems }, 413);
  }
  const { data, draft } = await settingsNow(studio);
  const read = readGamesCsv(csv, data.games ?? []);
  const shownCsv = csv.length > 20_000 ? "" : csv;
  if (read.problems.length > 0) {
    return answer({ kind: "preview", rows: [], csv: shownCsv, problems: read.problems }, 422);
  }
  const { rows, next } = await checked(studio, data, read.rows);
  const wrong = rows.some((row) => row.problems.length > 0);
  if (intent === "preview" || wrong) {
    return answer({ kind: "preview", rows, csv: shownCsv, problems: [] }, wrong ? 422 : 200);
  }
  const changed = rows.filter((row) => row.status !== "igual");
  const saved = await studio.store.saveDraft(
    SITE_DOCUMENT,
    next,
    draft?.version ?? 0,
    author,
    null,
  );
  if (!saved.saved) {
    return answer(
      {
        kind: "done",
        ok: false,
        message:
          "Alguien ha guardado el borrador de los ajustes mientras tanto: vuelve a ver la vista previa y confirma otra vez.",
      },
      409,
    );
  }
  const added = changed.filter((row) => row.status === "nuevo").length;
  const message = `${changed.length} juegos en el borrador de los ajustes (${added} nuevos, ${changed.length - added} actualizados). ${added > 0 ? "Escribe el resumen, el texto y las apuestas de los nuevos y publica." : "Revisa el borrador y publica."}`;
  await context.people.audit(author, "importar juegos", SITE_DOCUMENT, message);
  return answer({ kind: "done", ok: true, message });
}

export function StudioGames() {
  const data = useLoaderData<typeof gamesLoader>();
  const result = useActionData<typeof gamesAction>();
  if (data.state === "login") return <LoginForm />;
  if (data.state === "forbidden") return <Forbidden message={data.message} />;
  if (data.state === "off") return <StudioOff title="Juegos" message={data.message} />;
  const answered =
    result && "state" in result && result.state === "result" ? (result as GamesResult) : null;
  return <GamesPage games={data.games} result={answered} />;
}
