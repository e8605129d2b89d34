/**
 * /admin/import: conversions from a CSV, for programs that report in a file instead of
 * postbacks (app/conversions/csv-import.server.ts). Behind the dashboard's login (off: the
 * site's 404; logged out: 401 and the login form). Three steps, each a POST of a multipart
 * form, so it works without JavaScript: the file (or its pasted text) → a preview of every
 * row, asked of the ledger without writing → the confirmation, which carries the previewed
 * file sealed (import-seal.server.ts: no state kept on the server) and imports it. The
 * server accepts a larger body on this path's POST only (server/request-guard.ts).
 */
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";

import { personOf, requireDashboard } from "~/admin/auth.server";
import { can } from "~/admin/roles";
import { addDays } from "~/reports/query";
import {
  ADMIN_HEADERS,
  answerSessionForm,
  forbiddenPage,
  loginPage,
} from "~/admin/session-form.server";
import type { ImportFormError } from "~/components/admin/import-form";
import { ImportForm } from "~/components/admin/import-form";
import { ImportHelp } from "~/components/admin/import-help";
import { ImportPreview } from "~/components/admin/import-preview";
import { ImportResult } from "~/components/admin/import-result";
import { Forbidden } from "~/components/admin/forbidden";
import { LoginForm } from "~/components/admin/login-form";
import { env } from "~/config/env.server";
import { site } from "~/content/content.server";
import { importRows, MAX_IMPORT_BYTES, readImportCsv } from "~/conversions/csv-import.server";
import { previewGroups, previewImport } from "~/conversions/import-preview.server";
import { openImport, sealImport } from "~/conversions/import-seal.server";
import { adminHeaders, adminMeta } from "~/admin/route-parts";
import { ADMIN_CHROME } from "~/components/admin/admin-chrome";
import adminStyles from "~/styles/admin.css";
import { todayIn } from "~/reports/reporting-day";

const PATH = "/admin/import";

/** Framed as the dashboard, not as the public site (app/root.tsx). */
export const handle = ADMIN_CHROME;

export const links: LinksFunction = () => [{ rel: "stylesheet", href: adminStyles }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  requireDashboard();
  const person = await personOf(request, context);
  if (!person) return loginPage();
  if (!can(person, "import")) return forbiddenPage(person, "importar conversiones");
  return json(
    { state: "page" as const, ledger: context.conversions !== null },
    { headers: ADMIN_HEADERS },
  );
}

const formError = (error: ImportFormError, status: number, text = "") =>
  json({ state: "form" as const, error, text }, { status, headers: ADMIN_HEADERS });

export async function action({ request, context }: ActionFunctionArgs) {
  requireDashboard();
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return formError({ field: "file", message: "El formulario no se ha podido leer." }, 400);
  }
  const session = await answerSessionForm(form, request, context, PATH);
  if (session) return session;
  const person = await personOf(request, context);
  if (!person) return loginPage();
  if (!can(person, "import")) return forbiddenPage(person, "importar conversiones");
  const ledger = context.conversions;
  if (!ledger) {
    const message = "El registro de conversiones está desactivado (CLICK_LEDGER=false).";
    return formError({ field: "file", message }, 409);
  }
  const today = todayIn(env.REPORT_TIME_ZONE);
  const limits = { today, oldestDay: addDays(today, -(env.CLICK_RETENTION_DAYS - 1)) };
  const mapping = site.affiliate.postback;
  const intent = form.get("intent");

  if (intent === "preview") {
    const upload = await uploadedText(form);
    if (!upload.ok) return formError(upload.error, 400, upload.pasted);
    const file = readImportCsv(upload.text, mapping, limits);
    if (!file.ok)
      return formError({ field: upload.field, message: file.error }, 400, upload.pasted);
    const rows = await previewImport(ledger, file.rows);
    return json(
      {
        state: "preview" as const,
        groups: previewGroups(rows),
        ignoredColumns: file.ignoredColumns,
        sealed: sealImport(upload.text),
      },
      { headers: ADMIN_HEADERS },
    );
  }

  if (intent === "confirm") {
    const sealed = form.get("sealed");
    const text = typeof sealed === "string" ? openImport(sealed) : null;
    const file = text === null ? null : readImportCsv(text, mapping, limits);
    if (!file?.ok) {
      const message =
        "La vista previa ha caducado (más de una hora) o no es válida: vuelve a subir el archivo.";
      return formError({ field: "file", message }, 400);
    }
    try {
      const result = await importRows(ledger, file.rows, env.REPORT_TIME_ZONE);
      return json({ state: "done" as const, result }, { headers: ADMIN_HEADERS });
    } catch {
      const message =
        "No se ha podido guardar: la base de datos no responde. Lo guardado no se duplicará: vuelve a subir el archivo y confirma.";
      return formError({ field: "file", message }, 503);
    }
  }
  return formError({ field: "file", message: "Petición no válida." }, 400);
}

type Upload =
  | { ok: true; text: string; field: ImportFormError["field"]; pasted: string }
  | { ok: false; error: ImportFormError; pasted: string };

/** The chosen file's text (UTF-8, checked), else the pasted text. */
async function uploadedText(form: FormData): Promise<Upload> {
  const file = form.get("file");
  const pasted = form.get("text");
  const text = typeof pasted === "string" ? pasted : "";
  if (file !== null && typeof file !== "string" && file.size > 0) {
    if (file.size > MAX_IMPORT_BYTES) {
      const message = "El archivo pasa de 2 MB: divídelo en varios archivos.";
      return { ok: false, error: { field: "file", message }, pasted: text };
    }
    try {
      const decoded = new TextDecoder("utf-8", { fatal: true }).decode(await file.arrayBuffer());
      return { ok: true, text: decoded, field: "file", pasted: text };
    } catch {
      const message =
        "El archivo no está en UTF-8. En la hoja de cálculo, guárdalo como «CSV UTF-8».";
      return { ok: false, error: { field: "file", message }, pasted: text };
    }
  }
  if (text.trim() !== "") return { ok: true, text, field: "text", pasted: text };
  const message = "Elige un archivo CSV o pega su contenido.";
  return { ok: false, error: { field: "file", message }, pasted: text };
}

export const headers = adminHeaders;

export const meta = adminMeta("Importar conversiones");

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-page";

export default function AdminImportRoute() {
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  if (data.state === "login") return <LoginForm />;
  if (data.state === "forbidden") return <Forbidden message={data.message} />;
  return (
    <div className="admin admin-import">
      <header className="admin-head">
        <div>
          <h1>Importar conversiones</h1>
          <p className="admin-head__period">
            Para los programas que informan en un CSV (por ejemplo, la comisión mensual) en lugar de
            enviar postbacks. Verás cada fila antes de guardar nada.
          </p>
        </div>
      </header>
      {!data.ledger ? (
        <p className="admin-notice" role="status">
          El registro de conversiones está desactivado (CLICK_LEDGER=false): no se puede importar.
        </p>
      ) : answer?.state === "preview" ? (
        <ImportPreview
          groups={answer.groups}
          ignoredColumns={answer.ignoredColumns}
          sealed={answer.sealed}
        />
      ) : answer?.state === "done" ? (
        <ImportResult result={answer.result} />
      ) : (
        <>
          <ImportForm
            error={answer?.state === "form" ? answer.error : null}
            text={answer?.state === "form" ? answer.text : ""}
          />
          <ImportHelp />
        </>
      )}
    </div>
  );
}
