/**
 * The import's upload form (app/routes/admin.import.tsx): a CSV file, or its text pasted,
 * posted as multipart so the file arrives as it is. A file-level problem (not UTF-8, a
 * missing column, too large) is shown under the field it came from and tied to it.
 */
import { Form } from "@remix-run/react";

export type ImportFormError = { field: "file" | "text"; message: string };

export function ImportForm({ error, text }: { error: ImportFormError | null; text: string }) {
  const errorOf = (field: ImportFormError["field"]) =>
    error?.field === field ? (
      <p id={`import-${field}-error`} className="admin-import__error" role="alert">
        {error.message}
      </p>
    ) : null;
  const describedBy = (field: ImportFormError["field"], hint: string) =>
    error?.field === field ? `${hint} import-${field}-error` : hint;
  return (
    <Form method="post" encType="multipart/form-data" className="admin-import__form">
      <div className="admin-import__field">
        <label htmlFor="import-file">Archivo CSV</label>
        <input
          id="import-file"
          name="file"
          type="file"
          accept=".csv,text/csv,text/plain"
          aria-describedby={describedBy("file", "import-file-hint")}
          aria-invalid={error?.field === "file" || undefined}
        />
        <p id="import-file-hint" className="admin-import__hint">
          Hasta 2 MB y 20.000 filas, en UTF-8 (con o sin BOM), separado por «;» o «,».
        </p>
        {errorOf("file")}
      </div>
      <div className="admin-import__field">
        <label htmlFor="import-text">O pega aquí el contenido del CSV</label>
        <textarea
          id="import-text"
          name="text"
          rows={6}
          spellCheck={false}
          defaultValue={text}
          aria-describedby={describedBy("text", "import-text-hint")}
          aria-invalid={error?.field === "text" || undefined}
        />
        <p id="import-text-hint" className="admin-import__hint">
          Se usa solo si no eliges un archivo. La primera línea nombra las columnas.
        </p>
        {errorOf("text")}
      </div>
      <button className="button button--primary" type="submit" name="intent" value="preview">
        Ver la vista previa
      </button>
    </Form>
  );
}
