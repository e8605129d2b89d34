/**
 * The studio's form of one document, drawn by @rjsf/core from the JSON Schema the server
 * made of the content's zod schemas (app/studio/form-schema.server.ts). This module only
 * dresses it for the marketer: Spanish words for the library's own texts, buttons that say
 * what they do, each block of a page folded under its type and headline, and the checks'
 * problems beside their fields. Loaded by the studio's routes only.
 */
import Form, { getDefaultRegistry } from "@rjsf/core";
import {
  ADDITIONAL_PROPERTY_FLAG,
  buttonId,
  TranslatableString,
  type ArrayFieldItemTemplateProps,
  type WrapIfAdditionalTemplateProps,
  type ErrorSchema,
  type FieldProps,
  type IconButtonProps,
  type RJSFSchema,
  type UiSchema,
  type WidgetProps,
} from "@rjsf/utils";
import validator from "@rjsf/validator-ajv8";
import { useState } from "react";

import { BLOCK_NAMES } from "~/studio/field-words";
import { RichTextWidget } from "./rich-text";
import type { LibraryImage } from "~/studio/media-store.server";
import type { ExperimentSummary } from "~/studio/types";

import { BlockVariants } from "./block-variants";

/** The library's texts in Spanish (its English ones by key: @rjsf/utils TranslatableString). */
const WORDS: Partial<Record<TranslatableString, string>> = {
  [TranslatableString.ArrayItemTitle]: "Elemento",
  [TranslatableString.EmptyArray]: "Todavía no hay ninguno. Usa el botón de abajo para añadir.",
  [TranslatableString.YesLabel]: "Sí",
  [TranslatableString.NoLabel]: "No",
  [TranslatableString.CloseLabel]: "Cerrar",
  [TranslatableString.ErrorsLabel]: "Errores",
  [TranslatableString.NewStringDefault]: "Nuevo valor",
  [TranslatableString.AddButton]: "Añadir",
  [TranslatableString.AddItemButton]: "Añadir",
  [TranslatableString.CopyButton]: "Duplicar",
  [TranslatableString.MoveDownButton]: "Bajar",
  [TranslatableString.MoveUpButton]: "Subir",
  [TranslatableString.RemoveButton]: "Quitar",
  [TranslatableString.NowLabel]: "Ahora",
  [TranslatableString.ClearLabel]: "Borrar",
  [TranslatableString.AriaDateLabel]: "Elige una fecha",
  [TranslatableString.PreviewLabel]: "Vista previa",
  [TranslatableString.OptionalObjectAdd]: "Añadir este apartado (opcional)",
  [TranslatableString.OptionalObjectRemove]: "Quitar este apartado",
  [TranslatableString.OptionalObjectEmptyMsg]: "Apartado opcional sin datos",
  [TranslatableString.Type]: "Tipo",
  [TranslatableString.Value]: "Valor",
  [TranslatableString.ClearButton]: "Vaciar",
  [TranslatableString.OptionPrefix]: "Opción %1",
  [TranslatableString.TitleOptionPrefix]: "%1: opción %2",
  [TranslatableString.UnsupportedField]: "Campo que el estudio no sabe mostrar.",
};

export function translateString(key: TranslatableString, params?: string[]): string {
  let text: string = WORDS[key] ?? key;
  (params ?? []).forEach((param, index) => {
    text = text.replaceAll(`%${index + 1}`, param);
  });
  return text;
}

/** A button that says what it does, in words (the library's draws an icon font we lack). */
function wordButton(label: TranslatableString, tone: "" | "danger" = "") {
  return function WordButton({
    icon: _icon,
    iconType: _iconType,
    uiSchema: _uiSchema,
    registry,
    className,
    // The library's inline styles: the dashboard's policy refuses them (studio.css dresses it).
    style: _style,
    ...props
  }: IconButtonProps) {
    return (
      <button
        type="button"
        className={`studio-button studio-button--small ${tone ? `studio-button--${tone}` : ""} ${className ?? ""}`}
        {...props}
      >
        {registry.translateString(label)}
      </button>
    );
  };
}

/** Data the form's templates read beside the schema. */
export type FormContext = {
  blocks: ReadonlyArray<Record<string, unknown>>;
  /** The destinations a link field offers: the site's pages and the affiliate's paths. */
  destinations: ReadonlyArray<{ path: string; label: string }>;
  /** The blocks with a problem: drawn unfolded. */
  open: ReadonlySet<number>;
  /** The media library's images an image field offers. */
  library: ReadonlyArray<LibraryImage>;
  /** The site's experiments, by name; a block under one shows its variants. */
  experiments: Readonly<Record<string, ExperimentSummary>>;
  /** The blocks as published (what a running variant's warning compares with). */
  publishedBlocks: ReadonlyArray<Record<string, unknown>>;
};

const DefaultObjectField = getDefaultRegistry().fields.ObjectField!;

/**
 * An image field (an object with `srcset`): its picture and a choice among the media
 * library's images, which writes the file, its sizes, its width, height and text at once;
 * then its fields as they are (an image of public/ is still written by its path).
 */
function ObjectField(props: FieldProps) {
  const properties = (props.schema.properties ?? {}) as Record<string, unknown>;
  if (props.fieldPathId.path.at(-1) === "fallback") return <FallbackField {...props} />;
  if (!("srcset" in properties)) return <DefaultObjectField {...props} />;
  const { library } = props.registry.formContext as FormContext;
  const value = (props.formData ?? {}) as { url?: string; srcset?: string };
  const chosen = library.find((item) => item.image.url === value.url);
  const preview = chosen?.thumb ?? (value.url ? { path: value.url, width: 0, height: 0 } : null);
  const id = `${props.fieldPathId.$id}__library`;
  return (
    <div className="studio-image">
      <div className="studio-image__pick">
        {preview ? (
          <img
            className="studio-image__thumb"
            src={preview.path}
            alt=""
            {...(preview.width ? { width: preview.width, height: preview.height } : {})}
          />
        ) : null}
        <label htmlFor={id}>{props.schema.title ?? "Imagen"}: imagen de la biblioteca</label>
        <select
          id={id}
          value={chosen?.id ?? ""}
          disabled={props.disabled || props.readonly}
          onChange={(event) => {
            const item = library.find((each) => each.id === event.currentTarget.value);
            if (item) props.onChange({ ...value, ...item.image }, props.fieldPathId.path);
          }}
        >
          <option value="">
            {value.url && !chosen ? "Archivo de public/ (escrito abajo)" : "Elige una imagen…"}
          </option>
          {library.map((item) => (
            <option key={item.id} value={item.id}>
              {item.label}
            </option>
          ))}
        </select>
        <a className="studio-image__upload" href="/admin/contenido/medios" target="_blank">
          Subir imágenes
        </a>
      </div>
      <DefaultObjectField
        {...props}
        // The sizes are the library's to write, with the file they belong to.
        uiSchema={{ ...props.uiSchema, srcset: { "ui:widget": "hidden" } }}
      />
    </div>
  );
}

/**
 * What a block of an offer shows while the offer is not valid (`fallback`): folded away
 * until asked for, so a block without one does not show a second copy of its fields.
 */
function FallbackField(props: FieldProps) {
  const [open, setOpen] = useState(props.formData !== undefined);
  return (
    <div className="studio-fallback">
      <button
        type="button"
        className="studio-button studio-button--small"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
      >
        {open ? "Ocultar" : "Mostrar"} el contenido de reserva (si su oferta no está vigente)
      </button>
      {open ? <DefaultObjectField {...props} /> : null}
    </div>
  );
}

/**
 * The choice of a block's type (the library's selector of `oneOf` options), with its own
 * label: the library draws the selector without one.
 */
function BlockTypeWidget({ id, options, value, disabled, onChange }: WidgetProps) {
  const choices = (options.enumOptions ?? []) as Array<{ value: unknown; label: string }>;
  return (
    <div className="studio-block-type">
      <label htmlFor={id}>Tipo de bloque</label>
      <select
        id={id}
        value={value === undefined ? "" : String(value)}
        disabled={disabled}
        onChange={(event) => onChange(Number(event.currentTarget.value))}
      >
        {choices.map((choice) => (
          <option key={String(choice.value)} value={String(choice.value)}>
            {choice.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Fields that hold where a link leads: they offer the site's pages and the affiliate's. */
const LINK_FIELDS = new Set(["url", "link", "btn_show_all_link", "logo_link"]);
const DESTINATIONS_ID = "studio-destinations";

/** Fields whose text runs to sentences: a box of several lines. */
const LONG_TEXTS = new Set(["p", "answer", "html", "conditions", "description", "message"]);

/**
 * A text field: one line for a title or an address, a box of several lines for a paragraph
 * (by the field's name, or for any text already longer than a line).
 */
function TextWidget(props: WidgetProps) {
  const { registry, name, value } = props;
  // Decided once, as the field appears: a field that changed kind while typing would lose
  // the cursor.
  const [long] = useState(
    () => LONG_TEXTS.has(name) || (typeof value === "string" && value.length > 80),
  );
  // The content's HTML fields (app/content/schema/primitives.ts `safeHtml`).
  if (props.schema.contentMediaType === "text/html") return <RichTextWidget {...props} />;
  if (LINK_FIELDS.has(name) && !long) {
    // A text field that suggests the site's pages and the affiliate's paths as you type
    // (any other address may still be written).
    const { id, disabled, readonly, onBlur, onFocus, onChange, options } = props;
    return (
      <input
        id={id}
        name={id}
        className="form-control"
        type="text"
        list={DESTINATIONS_ID}
        value={typeof value === "string" ? value : ""}
        disabled={disabled}
        readOnly={readonly}
        onChange={(event) =>
          onChange(
            event.currentTarget.value === "" ? options.emptyValue : event.currentTarget.value,
          )
        }
        onBlur={(event) => onBlur(id, event.currentTarget.value)}
        onFocus={(event) => onFocus(id, event.currentTarget.value)}
      />
    );
  }
  const Widget = long ? registry.widgets.TextareaWidget! : registry.templates.BaseInputTemplate;
  return <Widget {...props} options={{ rows: 4, ...props.options }} />;
}

/**
 * A field of a map (the variants of a block's experiment, by id): its key, its value and a
 * remove button, without the library's inline styles, which the dashboard's policy refuses.
 */
function WrapIfAdditional(props: WrapIfAdditionalTemplateProps) {
  const { id, classNames, disabled, label, onKeyRenameBlur, onRemoveProperty, readonly } = props;
  const { schema, children, uiSchema, registry, hideError, rawErrors } = props;
  const className = [
    "form-group",
    classNames,
    !hideError && rawErrors?.length ? "has-error has-danger" : "",
  ]
    .join(" ")
    .trim();
  if (!(ADDITIONAL_PROPERTY_FLAG in schema)) return <div className={className}>{children}</div>;
  const { RemoveButton } = registry.templates.ButtonTemplates;
  return (
    <div className={`${className} studio-additional`}>
      <label className="studio-additional__key" htmlFor={`${id}-key`}>
        Nombre (p. ej. la variante)
      </label>
      <input
        className="form-control"
        type="text"
        id={`${id}-key`}
        onBlur={onKeyRenameBlur}
        defaultValue={label}
        key={label}
      />
      {children}
      <RemoveButton
        id={buttonId(id, "remove")}
        className="rjsf-object-property-remove"
        disabled={disabled || readonly}
        onClick={onRemoveProperty}
        uiSchema={uiSchema}
        registry={registry}
      />
    </div>
  );
}

/** A page's block, folded under its type and its first words; other list items as they are. */
function ItemTemplate(props: ArrayFieldItemTemplateProps) {
  const { children, buttonsProps, hasToolbar, index, registry, parentUiSchema } = props;
  const Buttons = registry.templates.ArrayFieldItemButtonsTemplate;
  const toolbar = hasToolbar ? (
    <div className="studio-item__tools">
      <Buttons {...buttonsProps} />
    </div>
  ) : null;
  if (!(parentUiSchema?.["ui:options"] as { blocks?: boolean } | undefined)?.blocks) {
    return (
      <div className="studio-item">
        {children}
        {toolbar}
      </div>
    );
  }
  const { blocks, open, experiments, publishedBlocks } = registry.formContext as FormContext;
  const block = blocks[index];
  const published = publishedBlocks.find(
    (candidate) =>
      candidate.order === block?.order && candidate.component_id === block?.component_id,
  );
  return (
    <details className="studio-block" open={open.has(index) || undefined}>
      <summary>
        <span className="studio-block__number">{index + 1}</span>
        <span className="studio-block__type">
          {BLOCK_NAMES[Number(block?.component_id)] ?? "Bloque"}
        </span>
        <span className="studio-block__words">{blockWords(block)}</span>
        {block?.experiment ? <span className="studio-badge">Experimento</span> : null}
      </summary>
      <BlockVariants block={block} published={published} experiments={experiments} />
      {children}
      {toolbar}
    </details>
  );
}

/** The first words a block shows (its headline), to tell blocks apart when folded. */
function blockWords(block: Record<string, unknown> | undefined): string {
  const content = (block?.data as { content?: Record<string, unknown> } | undefined)?.content;
  for (const key of ["h1", "header", "title", "header_title", "pre_title"]) {
    const value = content?.[key];
    if (typeof value === "string" && value.trim()) return value;
  }
  return "";
}

/** Problems as the form shows them beside fields (a path of keys → `__errors`). */
export function errorSchemaOf(
  problems: ReadonlyArray<{ path: ReadonlyArray<string | number>; message: string }>,
): ErrorSchema {
  const root: Record<string, unknown> = {};
  for (const { path, message } of problems) {
    let node = root;
    for (const key of path) {
      node[String(key)] ??= {};
      node = node[String(key)] as Record<string, unknown>;
    }
    ((node.__errors as string[] | undefined) ??= []).push(message);
  }
  return root as ErrorSchema;
}

export function ContentForm({
  id,
  schema,
  uiSchema,
  data,
  problems,
  disabled,
  destinations,
  library,
  experiments,
  published,
  onChange,
}: {
  id: string;
  schema: Record<string, unknown>;
  uiSchema: Record<string, unknown>;
  data: unknown;
  problems: ErrorSchema;
  disabled: boolean;
  destinations: FormContext["destinations"];
  library: FormContext["library"];
  experiments: FormContext["experiments"];
  /** The document as published (null: never published). */
  published: unknown;
  onChange: (data: unknown) => void;
}) {
  const blocks = ((data as { components?: unknown[] } | null)?.components ?? []) as Array<
    Record<string, unknown>
  >;
  const components = (problems as { components?: Record<string, unknown> }).components ?? {};
  const open = new Set(Object.keys(components).map(Number));
  const ui = {
    ...uiSchema,
    "ui:submitButtonOptions": { norender: true },
    components: {
      ...(uiSchema.components as Record<string, unknown> | undefined),
      "ui:options": { blocks: true },
      items: {
        ...((uiSchema.components as { items?: Record<string, unknown> } | undefined)?.items ?? {}),
        // The block's type is chosen with its own label; the block needs no other title.
        "ui:label": false,
        "ui:widget": BlockTypeWidget,
      },
    },
  } as UiSchema;
  return (
    <>
      <datalist id={DESTINATIONS_ID}>
        {destinations.map((destination) => (
          <option key={destination.path} value={destination.path}>
            {destination.label}
          </option>
        ))}
      </datalist>
      <Form
        id={id}
        className="studio-form"
        schema={schema as RJSFSchema}
        uiSchema={ui}
        formData={data}
        validator={validator}
        noHtml5Validate
        disabled={disabled}
        // The document as it is: a field left out keeps its default on the site without the
        // form writing the default in (which would show as a change nobody made).
        experimental_defaultFormStateBehavior={{
          emptyObjectFields: "skipDefaults",
          arrayMinItems: { populate: "never" },
          constAsDefaults: "never",
        }}
        showErrorList={false}
        extraErrors={problems}
        formContext={
          {
            blocks,
            open,
            destinations,
            library,
            experiments,
            publishedBlocks: ((published as { components?: unknown[] } | null)?.components ??
              []) as Array<Record<string, unknown>>,
          } satisfies FormContext
        }
        translateString={translateString}
        widgets={{ TextWidget }}
        fields={{ ObjectField }}
        templates={{
          ArrayFieldItemTemplate: ItemTemplate,
          WrapIfAdditionalTemplate: WrapIfAdditional,
          ButtonTemplates: {
            AddButton: wordButton(TranslatableString.AddItemButton),
            CopyButton: wordButton(TranslatableString.CopyButton),
            MoveDownButton: wordButton(TranslatableString.MoveDownButton),
            MoveUpButton: wordButton(TranslatableString.MoveUpButton),
            RemoveButton: wordButton(TranslatableString.RemoveButton, "danger"),
          },
        }}
        onChange={(event) => onChange(event.formData)}
        onSubmit={() => undefined}
      />
    </>
  );
}
