/**
 * The games' page of the studio (app/studio/games-route.tsx): the games of the site config
 * with their pages, and the CSV import: a file (or pasted text) is shown as rows first,
 * each new, changed or the same, with what is wrong in it; **Añadir al borrador** then
 * writes them into the settings' draft, where each new game's texts are left to write.
 */
import { Form, Link, useNavigation } from "@remix-run/react";

import { FieldError, StudioTable } from "./studio-table";

export type GameSummary = {
  slug: string;
  name: string;
  provider: string;
  rtp: number;
  volatility: string;
};

export type PreviewRow = {
  line: number;
  slug: string;
  name: string;
  provider: string;
  rtp: number | null;
  volatility: string | null;
  image: string;
  status: "nuevo" | "cambia" | "igual";
  problems: string[];
};

export type GamesResult =
  | { kind: "preview"; rows: PreviewRow[]; csv: string; problems: string[] }
  | { kind: "done"; ok: boolean; message: string };

const STATUS_WORDS = { nuevo: "Nuevo", cambia: "Cambia", igual: "Sin cambios" } as const;
const percent = (value: number | null) =>
  value === null ? "—" : `${value.toLocaleString("es-ES")} %`;

export function GamesPage({ games, result }: { games: GameSummary[]; result: GamesResult | null }) {
  const navigation = useNavigation();
  const preview = result?.kind === "preview" ? result : null;
  const done = result?.kind === "done" ? result : null;
  const refused =
    preview && (preview.problems.length > 0 || preview.rows.some((row) => row.problems.length > 0));
  const changes = preview ? preview.rows.filter((row) => row.status !== "igual").length : 0;
  return (
    <div className="admin studio">
      <header className="admin-head">
        <div>
          <h1>Juegos</h1>
          <p className="admin-head__period">
            Cada juego se escribe una vez, en los ajustes del sitio: su ficha (/juegos/…) y las
            fichas de juegos de las páginas que lo nombran salen de ahí.
          </p>
        </div>
      </header>
      {done ? (
        <p className={done.ok ? "studio-notice" : "admin-notice"} role="status">
          {done.message}{" "}
          {done.ok ? (
            <Link to="/admin/contenido/ajustes">Abrir el borrador de los ajustes</Link>
          ) : null}
        </p>
      ) : null}

      <section aria-labelledby="games-import-title">
        <h2 id="games-import-title">Importar juegos desde un CSV</h2>
        <p className="studio-note">
          La primera línea nombra las columnas: <code>nombre</code>, <code>proveedor</code>,{" "}
          <code>rtp</code> (p. ej. 96,5), <code>volatilidad</code> (baja, media o alta) e{" "}
          <code>imagen</code> (el nombre del archivo en /images/games/ o una ruta que empiece por
          «/»). Un juego que ya existe (mismo nombre) se actualiza; uno nuevo se añade y tendrás que
          escribir su resumen y su texto antes de publicar. Primero verás qué cambia.
        </p>
        <Form method="post" encType="multipart/form-data" className="studio-media-upload__form">
          <label className="studio-field">
            <span>Archivo CSV</span>
            <input type="file" name="file" accept=".csv,text/csv" />
          </label>
          <label className="studio-field">
            <span>O pega aquí el contenido del CSV</span>
            <textarea
              name="csv"
              rows={5}
              defaultValue={preview?.csv ?? ""}
              aria-describedby={preview?.problems.length ? "games-csv-error" : undefined}
            />
            <FieldError id="games-csv-error" message={preview?.problems.join(" ")} />
          </label>
          <button
            className="studio-button"
            type="submit"
            name="intent"
            value="preview"
            disabled={navigation.state !== "idle"}
          >
            Ver qué cambia
          </button>
        </Form>
      </section>

      {preview && preview.rows.length > 0 ? (
        <section aria-labelledby="games-preview-title">
          <h2 id="games-preview-title">Vista previa: {preview.rows.length} juegos</h2>
          <StudioTable
            columns={[
              "Línea",
              "Juego",
              "Proveedor",
              "RTP",
              "Volatilidad",
              "Imagen",
              "Estado",
              "Problemas",
            ]}
          >
            {preview.rows.map((row) => (
              <tr key={row.line}>
                <td>{row.line}</td>
                <td>{row.name || "—"}</td>
                <td>{row.provider || "—"}</td>
                <td>{percent(row.rtp)}</td>
                <td>{row.volatility ?? "—"}</td>
                <td>
                  <code>{row.image || "—"}</code>
                </td>
                <td>{STATUS_WORDS[row.status]}</td>
                <td>{row.problems.length > 0 ? row.problems.join(" · ") : "Ninguno"}</td>
              </tr>
            ))}
          </StudioTable>
          {refused ? (
            <p className="admin-notice" role="status">
              Corrige las líneas con problemas en el archivo y vuelve a verlo: no se añade nada
              mientras haya alguno.
            </p>
          ) : changes === 0 ? (
            <p className="studio-note">Nada que cambiar: los juegos del archivo ya están así.</p>
          ) : (
            <Form method="post">
              <input type="hidden" name="csv" value={preview.csv} />
              <button
                className="studio-button studio-button--primary"
                type="submit"
                name="intent"
                value="confirm"
                disabled={navigation.state !== "idle"}
              >
                Añadir al borrador de los ajustes ({changes})
              </button>
            </Form>
          )}
        </section>
      ) : null}

      <section aria-labelledby="games-list-title">
        <h2 id="games-list-title">Juegos publicados ({games.length})</h2>
        <StudioTable columns={["Juego", "Proveedor", "RTP", "Volatilidad", "Ficha"]}>
          {games.map((game) => (
            <tr key={game.slug}>
              <td>{game.name}</td>
              <td>{game.provider}</td>
              <td>{percent(game.rtp)}</td>
              <td>{game.volatility}</td>
              <td>
                <a href={`/juegos/${game.slug}`}>/juegos/{game.slug}</a>
              </td>
            </tr>
          ))}
        </StudioTable>
      </section>
    </div>
  );
}
