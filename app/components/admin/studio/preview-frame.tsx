/**
 * The draft as visitors will see it, inside the editor, at a phone's width (390 px) or a
 * laptop's (1280 px), scaled to fit the column and drawn again after every saved change.
 * The preview page (app/routes/admin.contenido.preview.tsx) is the one page of the site
 * that lets itself be framed, and only by the site.
 */
import { useEffect, useRef, useState } from "react";

const WIDTHS = [
  { width: 390, label: "Móvil (390 px)" },
  { width: 1280, label: "Escritorio (1280 px)" },
] as const;
const HEIGHT = 844;

export function PreviewFrame({ path, version }: { path: string; version: number }) {
  const [open, setOpen] = useState(false);
  const [width, setWidth] = useState<number>(WIDTHS[0].width);
  const [room, setRoom] = useState(0);
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const measure = () => setRoom(box.current?.clientWidth ?? 0);
    measure();
    window.addEventListener("resize", measure);
    return () => window.removeEventListener("resize", measure);
  }, [open]);

  const scale = room > 0 ? Math.min(1, room / width) : 1;
  return (
    <details className="studio-frame" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>Vista previa aquí, en móvil o escritorio</summary>
      <div className="studio-frame__widths" role="group" aria-label="Ancho de la vista previa">
        {WIDTHS.map((option) => (
          <button
            key={option.width}
            type="button"
            className="studio-button studio-button--small"
            aria-pressed={width === option.width}
            onClick={() => setWidth(option.width)}
          >
            {option.label}
          </button>
        ))}
      </div>
      {/* Drawn once opened, in the browser: a style attribute in the served HTML would be
          refused by the site's Content-Security-Policy (a style set by script is not). */}
      {open ? (
        <div ref={box} className="studio-frame__room" style={{ height: HEIGHT * scale }}>
          <iframe
            key={`${width}:${version}`}
            title="Vista previa del borrador"
            src={path}
            width={width}
            height={HEIGHT}
            style={{ transform: `scale(${scale})` }}
          />
        </div>
      ) : null}
    </details>
  );
}
