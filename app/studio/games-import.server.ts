/**
 * The games' CSV import: a file of games (name, provider, RTP, volatility,
 * image file name) read into rows, each to add to the site config's `games` or to update
 * the game of the same slug. The studio shows the rows first (a preview), then writes them
 * into the settings' draft on confirmation (app/studio/games-route.tsx): a new game's
 * summary and text are left to write, which the check refuses to publish until written.
 */
import { parse } from "csv-parse/sync";

import { PLACEHOLDER } from "~/content/copy-rules";

/** The largest file the import reads (a few thousand games). */
export const MAX_GAMES_CSV_BYTES = 512 * 1024;

/** A column's accepted headers, in Spanish and English. */
const HEADERS = {
  name: ["name", "nombre", "juego"],
  provider: ["provider", "proveedor"],
  rtp: ["rtp"],
  volatility: ["volatility", "volatilidad"],
  image: ["image", "imagen"],
} as const;

type Column = keyof typeof HEADERS;
const VOLATILITY: Record<string, "baja" | "media" | "alta"> = {
  baja: "baja",
  low: "baja",
  media: "media",
  medium: "media",
  alta: "alta",
  high: "alta",
};

/** Where a bare image file name is looked for. */
export const GAMES_IMAGE_DIR = "/images/games/";

export type GameRow = {
  /** The line of the file (the header is line 1). */
  line: number;
  slug: string;
  name: string;
  provider: string;
  rtp: number | null;
  volatility: "baja" | "media" | "alta" | null;
  image: string;
  /** New game, a change to the game of the same slug, or the same as it. */
  status: "nuevo" | "cambia" | "igual";
  problems: string[];
};

export type GamesPreview = { rows: GameRow[]; problems: string[] };

type Game = {
  slug: string;
  name: string;
  provider: string;
  rtp: number;
  volatility: string;
  image: string;
  [field: string]: unknown;
};

/** "Gonzo's Quest" → "gonzos-quest". */
export function slugOf(name: string): string {
  return name
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/['’]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80);
}

/** Reads the file into rows, compared with the games the site config has. */
export function readGamesCsv(text: string, existing: readonly Game[]): GamesPreview {
  if (Buffer.byteLength(text) > MAX_GAMES_CSV_BYTES) {
    return { rows: [], problems: [`El archivo pasa de ${MAX_GAMES_CSV_BYTES / 1024} KB.`] };
  }
  let records: string[][];
  try {
    // A spreadsheet in Spanish writes ";" between columns (its decimals take the ","): the
    // header line says which.
    const header = text.replace(/^\uFEFF/, "").split(/\r?\n/, 1)[0] ?? "";
    records = parse(text, {
      bom: true,
      delimiter: header.includes(";") ? ";" : ",",
      skip_empty_lines: true,
      trim: true,
      relax_column_count: true,
    }) as string[][];
  } catch (error) {
    return { rows: [], problems: [`No se puede leer el CSV: ${(error as Error).message}`] };
  }
  const [header, ...lines] = records;
  if (!header) return { rows: [], problems: ["El archivo está vacío."] };
  const index = {} as Record<Column, number>;
  const missing: string[] = [];
  for (const column of Object.keys(HEADERS) as Column[]) {
    const at = header.findIndex((cell) =>
      (HEADERS[column] as readonly string[]).includes(cell.toLowerCase()),
    );
    if (at === -1) missing.push(HEADERS[column][1] ?? HEADERS[column][0]);
    index[column] = at;
  }
  if (missing.length > 0) {
    return {
      rows: [],
      problems: [
        `Faltan columnas: ${missing.join(", ")}. La primera línea nombra las columnas: nombre, proveedor, rtp, volatilidad, imagen.`,
      ],
    };
  }
  const bySlug = new Map(existing.map((game) => [game.slug, game]));
  const seen = new Set<string>();
  const rows = lines.map((cells, position): GameRow => {
    const cell = (column: Column) => cells[index[column]] ?? "";
    const problems: string[] = [];
    const name = cell("name");
    const slug = slugOf(name);
    if (!slug) problems.push("falta el nombre");
    else if (seen.has(slug)) problems.push("este juego ya está en otra línea del archivo");
    seen.add(slug);
    const provider = cell("provider");
    if (!provider) problems.push("falta el proveedor");
    const rtpText = cell("rtp").replace("%", "").replace(",", ".").trim();
    const rtp = /^\d{2,3}(\.\d+)?$/.test(rtpText) ? Number(rtpText) : null;
    if (rtp === null || rtp < 50 || rtp > 100)
      problems.push("el RTP debe ser un porcentaje entre 50 y 100, p. ej. 96,5");
    const volatility = VOLATILITY[cell("volatility").toLowerCase()] ?? null;
    if (!volatility) problems.push("la volatilidad debe ser baja, media o alta");
    const file = cell("image");
    const image = file.startsWith("/") ? file : file ? `${GAMES_IMAGE_DIR}${file}` : "";
    if (!image) problems.push("falta la imagen");
    const before = bySlug.get(slug);
    const same =
      before &&
      before.name === name &&
      before.provider === provider &&
      before.rtp === rtp &&
      before.volatility === volatility &&
      before.image === image;
    return {
      line: position + 2,
      slug,
      name,
      provider,
      rtp,
      volatility,
      image,
      status: !before ? "nuevo" : same ? "igual" : "cambia",
      problems,
    };
  });
  if (rows.length === 0) return { rows, problems: ["El archivo no tiene ningún juego."] };
  return { rows, problems: [] };
}

/**
 * The site config's games with the rows applied: a changed game keeps its own texts, a new
 * one gets its summary and text to write.
 */
export function withImportedGames(games: readonly Game[], rows: readonly GameRow[]): Game[] {
  const next = games.map((game) => ({ ...game }));
  for (const row of rows) {
    if (row.problems.length > 0 || row.status === "igual") continue;
    const fields = {
      name: row.name,
      provider: row.provider,
      rtp: row.rtp!,
      volatility: row.volatility!,
      image: row.image,
    };
    const at = next.findIndex((game) => game.slug === row.slug);
    if (at >= 0) next[at] = { ...next[at]!, ...fields };
    else {
      next.push({
        slug: row.slug,
        ...fields,
        min_bet: `${PLACEHOLDER}: apuesta mínima]`,
        max_bet: `${PLACEHOLDER}: apuesta máxima]`,
        features: [],
        summary: `${PLACEHOLDER}: de qué va ${row.name}, en dos frases]`,
        body: `<p>${PLACEHOLDER}: cómo se juega ${row.name} y qué conviene saber]</p>`,
      });
    }
  }
  return next;
}
