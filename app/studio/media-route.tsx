/**
 * /admin/contenido/medios (app/routes/admin.contenido.tsx), the media library: every image
 * with its sizes, its alternative text and the pages that use it; an upload form and a
 * delete button for accounts that may manage media (publisher, admin). Deleting an image a
 * published page or a draft uses is refused, with the pages named.
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
import { StudioOff } from "~/components/admin/studio/studio-off";
import { MediaPage } from "~/components/admin/studio/media-page";
import { env } from "~/config/env.server";
import type { StudioAccess } from "~/load-context";

import { SITE_DOCUMENT } from "./content-documents.server";
import { MAX_SIDE, MAX_UPLOAD_BYTES, MediaRefused, processUpload } from "./media.server";
import { usesMedia, type MediaItem } from "./media-store.server";
import { openStudio } from "./studio-route.server";

export const MEDIA_PATH_ADMIN = "/admin/contenido/medios";

/** The documents (published or in a draft) that use each image, by the image's id. */
async function usageOf(
  studio: StudioAccess,
  items: readonly MediaItem[],
): Promise<Record<string, Array<{ document: string; title: string; draft: boolean }>>> {
  const [published, drafts] = await Promise.all([
    studio.store.publishedData(),
    studio.store.drafts(),
  ]);
  const titleOf = (document: string, data: unknown) =>
    document === SITE_DOCUMENT
      ? "Ajustes del sitio"
      : String((data as { title?: unknown } | null)?.title ?? document);
  const usage: Record<string, Array<{ document: string; title: string; draft: boolean }>> = {};
  for (const item of items) {
    const users: Array<{ document: string; title: string; draft: boolean }> = [];
    for (const [document, data] of published) {
      if (data !== null && usesMedia(data, item.id)) {
        users.push({ document, title: titleOf(document, data), draft: false });
      }
    }
    for (const [document, draft] of drafts) {
      if (usesMedia(draft.data, item.id) && !users.some((user) => user.document === document)) {
        users.push({ document, title: titleOf(document, draft.data), draft: true });
      }
    }
    usage[item.id] = users;
  }
  return usage;
}

async function pageData(studio: StudioAccess, canManage: boolean) {
  const items = await studio.media.list();
  return {
    state: "media" as const,
    items,
    usage: await usageOf(studio, items),
    canManage,
    limits: { bytes: MAX_UPLOAD_BYTES, side: MAX_SIDE },
    timeZone: env.REPORT_TIME_ZONE,
  };
}

export async function mediaLoader({ request, context }: LoaderFunctionArgs) {
  const opened = await openStudio(request, context);
  if (opened instanceof Response) return opened;
  return json(await pageData(opened.studio, can(opened.person, "media")), {
    headers: ADMIN_HEADERS,
  });
}

type MediaResult =
  | { ok: true; message: string }
  | { ok: false; message: string; field?: "file" | "alt"; alt?: string };

const answer = (result: MediaResult, status = 200) =>
  json({ state: "result" as const, ...result }, { status, headers: ADMIN_HEADERS });

export async function mediaAction({ request, context }: ActionFunctionArgs) {
  const form = await postedForm(request);
  const session = await answerSessionForm(form, request, context, MEDIA_PATH_ADMIN);
  if (session) return session;
  const opened = await openStudio(request, context);
  if (opened instanceof Response) return opened;
  if (!can(opened.person, "media")) return forbiddenPage(opened.person, "gestionar imágenes");
  const { studio, author } = opened;
  const intent = form.get("intent");

  if (intent === "upload") {
    const file = form.get("file");
    const alt = String(form.get("alt") ?? "");
    if (!(file instanceof File)) {
      return answer({ ok: false, field: "file", alt, message: "Elige un archivo de imagen." }, 400);
    }
    try {
      const processed = await processUpload({
        fileName: file.name,
        bytes: Buffer.from(await file.arrayBuffer()),
        alt,
      });
      const item = await studio.media.add(processed, author);
      await context.people.audit(
        author,
        "subir imagen",
        item.files.at(-1)!.path,
        `${item.width}×${item.height}`,
      );
      return answer({
        ok: true,
        message: `Imagen subida: ${item.name} (${item.width}×${item.height} px, ${item.files.length} tamaños). Elígela en el campo de imagen de un bloque.`,
      });
    } catch (error) {
      if (!(error instanceof MediaRefused)) throw error;
      return answer({ ok: false, field: error.field, alt, message: error.message }, 422);
    }
  }

  if (intent === "delete") {
    const id = String(form.get("id") ?? "");
    const items = await studio.media.list();
    const item = items.find((each) => each.id === id);
    if (!item)
      return answer({ ok: false, message: "Esa imagen ya no está en la biblioteca." }, 404);
    const users = (await usageOf(studio, [item]))[id] ?? [];
    if (users.length > 0) {
      return answer(
        {
          ok: false,
          message: `No se eliminó «${item.name}»: la usa${users.length > 1 ? "n" : ""} ${users
            .map((user) => `${user.title}${user.draft ? " (borrador)" : ""}`)
            .join(", ")}. Cámbiala allí primero.`,
        },
        409,
      );
    }
    await studio.media.remove(id);
    await context.people.audit(author, "eliminar imagen", item.files.at(-1)!.path);
    return answer({ ok: true, message: `Imagen eliminada: ${item.name}.` });
  }

  return answer({ ok: false, message: "Petición no válida." }, 400);
}

export function StudioMedia() {
  const data = useLoaderData<typeof mediaLoader>();
  const result = useActionData<typeof mediaAction>();
  if (data.state === "login") return <LoginForm />;
  if (data.state === "forbidden") return <Forbidden message={data.message} />;
  if (data.state === "off") return <StudioOff title="Imágenes" message={data.message} />;
  const answered =
    result && "state" in result && result.state === "result" ? (result as MediaResult) : null;
  return <MediaPage {...data} result={answered} />;
}
