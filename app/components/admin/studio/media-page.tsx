/**
 * The media library's page (app/studio/media-route.tsx): the upload form, then every image
 * with its sizes, its text and where it is used. A file over the limit is refused beside
 * its field before it is sent (the server refuses it too), so the text typed stays.
 */
import { Form, useNavigation } from "@remix-run/react";
import { useState } from "react";

import type { MediaItem } from "~/studio/media-store.server";

import { when } from "../format";

import { editorPath } from "./document-list";
import { FieldError } from "./studio-table";

type Usage = Record<string, Array<{ document: string; title: string; draft: boolean }>>;

type Result =
  | { ok: true; message: string }
  | { ok: false; message: string; field?: "file" | "alt"; alt?: string };

const kilobytes = (bytes: number) =>
  `${new Intl.NumberFormat("es-ES", { maximumFractionDigits: 0 }).format(bytes / 1024)} KB`;
const megabytes = (bytes: number) =>
  `${new Intl.NumberFormat("es-ES", { maximumFractionDigits: 1 }).format(bytes / 1024 / 1024)} MB`;

export function MediaPage({
  items,
  usage,
  canManage,
  limits,
  timeZone,
  result,
}: {
  items: readonly MediaItem[];
  usage: Usage;
  canManage: boolean;
  limits: { bytes: number; side: number };
  timeZone: string;
  result: Result | null;
}) {
  const navigation = useNavigation();
  const [tooLarge, setTooLarge] = useState<string | null>(null);
  const fieldError = (field: "file" | "alt") =>
    field === "file" && tooLarge
      ? tooLarge
      : result && !result.ok && result.field === field
        ? result.message
        : null;
  const fileError = fieldError("file");
  const altError = fieldError("alt");
  const general = result && (result.ok || !result.field) ? result : null;
  return (
    <div className="admin studio">
      <header className="admin-head">
        <div>
          <h1>Imágenes</h1>
          <p className="admin-head__period">
            Las fotos e ilustraciones que las páginas pueden usar. Cada imagen se guarda en varios
            tamaños (WebP) y cada visitante recibe el que su pantalla necesita.
          </p>
        </div>
      </header>
      {general ? (
        <p className={general.ok ? "studio-notice" : "admin-notice"} role="status">
          {general.message}
        </p>
      ) : null}
      {canManage ? (
        <section className="studio-media-upload" aria-labelledby="studio-media-upload-title">
          <h2 id="studio-media-upload-title">Subir una imagen</h2>
          <Form
            method="post"
            encType="multipart/form-data"
            className="studio-media-upload__form"
            onSubmit={(event) => {
              const input = event.currentTarget.elements.namedItem("file") as HTMLInputElement;
              const file = input.files?.[0];
              if (file && file.size > limits.bytes) {
                event.preventDefault();
                setTooLarge(
                  `El archivo pesa ${megabytes(file.size)}; el máximo es ${megabytes(limits.bytes)}. Redúcelo o expórtalo con más compresión.`,
                );
              } else setTooLarge(null);
            }}
          >
            <label className="studio-field">
              <span>
                Archivo: PNG, JPEG, WebP o AVIF, hasta {megabytes(limits.bytes)} y {limits.side} px
                por lado
              </span>
              <input
                type="file"
                name="file"
                accept="image/png,image/jpeg,image/webp,image/avif"
                required
                aria-invalid={fileError ? true : undefined}
                aria-describedby={fileError ? "media-file-error" : undefined}
                onChange={() => setTooLarge(null)}
              />
              <FieldError id="media-file-error" message={fileError} />
            </label>
            <label className="studio-field">
              <span>Texto alternativo: qué muestra la imagen, para quien no la ve</span>
              <input
                name="alt"
                required
                maxLength={300}
                defaultValue={result && !result.ok ? (result.alt ?? "") : ""}
                placeholder="p. ej. Ruleta con fichas de colores sobre un tapete verde"
                aria-invalid={altError ? true : undefined}
                aria-describedby={altError ? "media-alt-error" : undefined}
              />
              <FieldError id="media-alt-error" message={altError} />
            </label>
            <button
              className="studio-button studio-button--primary"
              type="submit"
              name="intent"
              value="upload"
              disabled={navigation.state !== "idle"}
            >
              {navigation.state === "submitting" ? "Subiendo…" : "Subir"}
            </button>
          </Form>
        </section>
      ) : (
        <p className="studio-note">
          Tu cuenta puede elegir imágenes en los bloques, no subirlas ni eliminarlas.
        </p>
      )}
      <h2>Biblioteca ({items.length})</h2>
      {items.length === 0 ? (
        <p className="studio-note">Todavía no hay imágenes subidas.</p>
      ) : (
        <ul className="studio-media">
          {items.map((item) => {
            const smallest = item.files[0]!;
            const users = usage[item.id] ?? [];
            return (
              <li key={item.id} className="studio-media__item">
                <img
                  src={smallest.path}
                  alt=""
                  width={smallest.width}
                  height={smallest.height}
                  loading="lazy"
                />
                <div className="studio-media__about">
                  <strong>{item.name}</strong>
                  <span>
                    {item.width}×{item.height} px · {item.files.length} tamaños (
                    {item.files.map((file) => file.width).join(", ")} px) ·{" "}
                    {kilobytes(item.files.at(-1)!.bytes)} el mayor
                  </span>
                  <span>
                    Subida por {item.author}, {when(item.at, timeZone)}
                  </span>
                  <span>Texto alternativo: «{item.alt}»</span>
                  {users.length > 0 ? (
                    <span>
                      Usada en:{" "}
                      {users.map((user, index) => (
                        <span key={user.document}>
                          {index > 0 ? ", " : ""}
                          <a href={editorPath(user.document)}>{user.title}</a>
                          {user.draft ? " (borrador)" : ""}
                        </span>
                      ))}
                    </span>
                  ) : (
                    <span>Sin usar</span>
                  )}
                </div>
                {canManage ? (
                  <Form method="post" className="studio-media__delete">
                    <input type="hidden" name="id" value={item.id} />
                    <button
                      className="studio-button studio-button--small studio-button--danger"
                      type="submit"
                      name="intent"
                      value="delete"
                      aria-label={`Eliminar ${item.name}`}
                    >
                      Eliminar
                    </button>
                  </Form>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
