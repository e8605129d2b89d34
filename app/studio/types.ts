/** What the studio's pages receive about documents, problems and changes (studio.server.ts). */

export type DocumentStatus = "publicada" | "borrador" | "programada" | "conflicto" | "retirada";

export type DocumentSummary = {
  document: string;
  /** The page's internal title, or "Ajustes del sitio". */
  title: string;
  /** The page's path ("/bonos"); null for the site settings. */
  path: string | null;
  status: DocumentStatus;
  /** Who published the newest revision, and when (epoch ms). */
  author: string;
  at: number;
  /** Who saved the draft and when, when there is one. */
  draft: { author: string; at: number } | null;
};

/** A problem of one document's form: where (a JSON path, [] for the whole) and what. */
export type FieldProblem = { path: Array<string | number>; words: string; message: string };

/** One changed field between two versions of a document. */
export type FieldChange = {
  words: string;
  kind: "añadido" | "eliminado" | "cambiado";
  before: string | null;
  after: string | null;
};

/** An experiment as a block's editor shows it (app/studio/experiments.server.ts). */
export type ExperimentSummary = {
  title: string;
  /** Started and not ended: visitors are split between the variants now. */
  running: boolean;
  winner: string | null;
  /** The control first; `share` in percent of visitors. */
  variants: Array<{ id: string; label: string; share: number }>;
};
