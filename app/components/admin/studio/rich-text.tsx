/**
 * The studio's rich-text field for the content's HTML fields (an FAQ answer, a text block):
 * TipTap (ProseMirror) with only what the content's allowlist keeps (app/content/
 * safe-html.ts): paragraphs, bold, italic, underline, headings h3 and h4, lists, links and
 * line breaks. It writes that HTML and nothing else. A text holding tags the editor does not
 * draw (<small>, <span>) opens as HTML, so that nothing is dropped unseen; **Editar como
 * HTML** switches either way. Loaded with the studio's route only.
 */
import type { WidgetProps } from "@rjsf/utils";
import { EditorContent, useEditor, type Editor } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { useEffect, useState } from "react";

/** Tags of the allowlist the editor does not draw: a text with one opens as HTML. */
const UNDRAWN = /<(small|span)\b/i;

const extensions = [
  StarterKit.configure({
    heading: { levels: [3, 4] },
    blockquote: false,
    code: false,
    codeBlock: false,
    horizontalRule: false,
    strike: false,
    link: {
      openOnClick: false,
      autolink: false,
      // The site decides a link's target and rel (app/components/ui/content-link.tsx).
      HTMLAttributes: { target: null, rel: null, class: null },
    },
  }),
];

type Tool = {
  label: string;
  active: (editor: Editor) => boolean;
  run: (editor: Editor) => void;
};

const TOOLS: Tool[] = [
  {
    label: "Negrita",
    active: (editor) => editor.isActive("bold"),
    run: (editor) => editor.chain().focus().toggleBold().run(),
  },
  {
    label: "Cursiva",
    active: (editor) => editor.isActive("italic"),
    run: (editor) => editor.chain().focus().toggleItalic().run(),
  },
  {
    label: "Subrayado",
    active: (editor) => editor.isActive("underline"),
    run: (editor) => editor.chain().focus().toggleUnderline().run(),
  },
  {
    label: "Título",
    active: (editor) => editor.isActive("heading", { level: 3 }),
    run: (editor) => editor.chain().focus().toggleHeading({ level: 3 }).run(),
  },
  {
    label: "Subtítulo",
    active: (editor) => editor.isActive("heading", { level: 4 }),
    run: (editor) => editor.chain().focus().toggleHeading({ level: 4 }).run(),
  },
  {
    label: "Lista",
    active: (editor) => editor.isActive("bulletList"),
    run: (editor) => editor.chain().focus().toggleBulletList().run(),
  },
  {
    label: "Lista numerada",
    active: (editor) => editor.isActive("orderedList"),
    run: (editor) => editor.chain().focus().toggleOrderedList().run(),
  },
  {
    label: "Enlace",
    active: (editor) => editor.isActive("link"),
    run: (editor) => {
      const current = editor.getAttributes("link").href as string | undefined;
      const href = window.prompt(
        "Dirección del enlace: una página del sitio (/bonos) o una dirección https://. Vacía para quitarlo.",
        current ?? "",
      );
      if (href === null) return;
      if (href.trim() === "") editor.chain().focus().extendMarkRange("link").unsetLink().run();
      else editor.chain().focus().extendMarkRange("link").setLink({ href: href.trim() }).run();
    },
  },
];

export function RichTextWidget(props: WidgetProps) {
  const { id, value, disabled, readonly, onChange, label } = props;
  const text = typeof value === "string" ? value : "";
  const [asHtml, setAsHtml] = useState(() => UNDRAWN.test(text));
  const editable = !disabled && !readonly;
  const editor = useEditor(
    {
      extensions,
      content: text,
      editable,
      // Drawn in the browser only: the form answers typing once its script runs.
      immediatelyRender: false,
      // The toolbar says which formats apply where the cursor is.
      shouldRerenderOnTransaction: true,
      // Its few rules are in studio.css: the dashboard's policy allows no inline style.
      injectCSS: false,
      editorProps: {
        attributes: {
          id,
          role: "textbox",
          "aria-multiline": "true",
          "aria-label": label,
          class: "studio-rich__text",
        },
      },
      onUpdate: ({ editor: changed }) => onChange(changed.isEmpty ? "" : changed.getHTML()),
    },
    [asHtml],
  );
  // Disabled while an action is on its way, without drawing the editor anew (the cursor and
  // what is being typed stay).
  useEffect(() => {
    if (editor && editor.isEditable !== editable) editor.setEditable(editable, false);
  }, [editor, editable]);
  return (
    <div className="studio-rich">
      <div className="studio-rich__tools" role="toolbar" aria-label={`Formato de ${label}`}>
        {asHtml
          ? null
          : TOOLS.map((tool) => (
              <button
                key={tool.label}
                type="button"
                className="studio-button studio-button--small"
                aria-pressed={editor ? tool.active(editor) : false}
                disabled={!editor || !editable}
                onClick={() => editor && tool.run(editor)}
              >
                {tool.label}
              </button>
            ))}
        <button
          type="button"
          className="studio-button studio-button--small studio-button--ghost"
          aria-pressed={asHtml}
          disabled={!editable}
          onClick={() => setAsHtml((now) => !now)}
        >
          Editar como HTML
        </button>
      </div>
      {asHtml ? (
        <>
          <textarea
            id={id}
            className="form-control"
            rows={6}
            value={text}
            disabled={!editable}
            aria-label={`${label} (HTML)`}
            onChange={(event) => onChange(event.currentTarget.value)}
          />
          {UNDRAWN.test(text) ? (
            <p className="studio-note">
              Este texto usa etiquetas que el editor visual no dibuja (&lt;small&gt;,
              &lt;span&gt;…): se edita como HTML para no perderlas.
            </p>
          ) : null}
        </>
      ) : (
        <EditorContent editor={editor} />
      )}
    </div>
  );
}
