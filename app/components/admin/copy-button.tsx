/**
 * A button that copies a text (a postback URL, a link id) to the clipboard and says so,
 * for the screen reader too. Before hydration, and where the clipboard is refused (a page
 * not served over HTTPS or localhost), it selects the text instead, so the marketer can
 * copy it by hand.
 */
import { useState } from "react";

type Props = {
  text: string;
  /** What is copied, for the button's accessible name: "Copiar {what}". */
  what: string;
  /** The id of the element that shows the text (selected when the clipboard is refused). */
  shownIn?: string;
};

export function CopyButton({ text, what, shownIn }: Props) {
  const [state, setState] = useState<"idle" | "copied" | "selected">("idle");
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setState("copied");
    } catch {
      const shown = shownIn ? document.getElementById(shownIn) : null;
      if (shown) window.getSelection()?.selectAllChildren(shown);
      setState("selected");
    }
  };
  return (
    <button
      type="button"
      className="admin-copy"
      aria-label={`Copiar ${what}`}
      title={`Copiar ${what}`}
      onClick={copy}
    >
      {state === "copied" ? "Copiado" : state === "selected" ? "Seleccionado: Ctrl+C" : "Copiar"}
      <span className="visually-hidden" role="status">
        {state === "copied"
          ? `Copiado al portapapeles: ${what}`
          : state === "selected"
            ? `Seleccionado para copiar: ${what}`
            : ""}
      </span>
    </button>
  );
}
