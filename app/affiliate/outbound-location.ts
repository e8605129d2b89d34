/**
 * Where an outbound click sends the visitor: the destination configured in content, the
 * visit's tracking parameters (tracking-params.ts) and the click's id, which the program
 * keeps and sends back in its postbacks (docs/clicks.md). The id goes where the
 * destination holds the placeholder `{click_id}`, else in the parameter content names
 * (`affiliate.click_id_param`). The visitor cannot set it: only tracking parameters pass
 * from the visit, and content may not give the click id one of their names
 * (schema/site.ts). The content checks of a destination live here too (`clickIdProblem`),
 * so the rule and its check cannot drift.
 */
import type { TrackingParams } from "./tracking-params";

/** Where a destination wants the click id, as written or as the URL parser encodes it. */
export const CLICK_ID_PLACEHOLDER = "{click_id}";
const PLACEHOLDERS = /\{click_id\}|%7Bclick_id%7D/gi;
const HAS_PLACEHOLDER = /\{click_id\}|%7Bclick_id%7D/i;

export type ClickIdPlacement = {
  /** The query parameter the program reads the id from (`affiliate.click_id_param`). */
  param: string;
  /** The click's id; null when none is sent (switched off, or no ledger to attribute it). */
  id: string | null;
};

/** A destination as the redirect uses it, parsed once (content holds few). */
type Destination = {
  /** The URL up to its fragment, as the URL parser writes it. */
  base: string;
  /** What joins added parameters to `base`: "?", "&", or "" after a bare "?". */
  separator: string;
  hash: string;
  /** The names of its query parameters: a visit's parameter never replaces one. */
  names: ReadonlySet<string>;
  /** It holds the click id's placeholder. */
  placed: boolean;
};

const DESTINATION_MEMO_LIMIT = 1_000;
const destinations = new Map<string, Destination>();

function destinationOf(destination: string): Destination {
  let known = destinations.get(destination);
  if (!known) {
    const url = new URL(destination);
    const hash = url.hash;
    url.hash = "";
    const base = url.href;
    known = {
      base,
      separator: url.search ? "&" : base.endsWith("?") ? "" : "?",
      hash,
      names: new Set(url.searchParams.keys()),
      placed: HAS_PLACEHOLDER.test(base),
    };
    // Content reloads in development: a bounded table never holds stale destinations long.
    if (destinations.size >= DESTINATION_MEMO_LIMIT) destinations.clear();
    destinations.set(destination, known);
  }
  return known;
}

/**
 * The URL the visitor is sent to: the destination as configured, then the visit's
 * tracking parameters it does not already have, then the click id (or the id in its
 * placeholder). Without an id to send, a placeholder is left empty, so the program never
 * receives the literal `{click_id}`.
 */
export function outboundLocation(
  destination: string,
  params: TrackingParams,
  clickId: ClickIdPlacement,
): string {
  const target = destinationOf(destination);
  const added = new URLSearchParams();
  for (const [name, value] of params) {
    if (name !== clickId.param && !target.names.has(name)) added.append(name, value);
  }
  if (clickId.id !== null && !target.placed) added.append(clickId.param, clickId.id);
  const base = target.placed ? target.base.replace(PLACEHOLDERS, clickId.id ?? "") : target.base;
  const query = added.toString();
  return query ? `${base}${target.separator}${query}${target.hash}` : `${base}${target.hash}`;
}

/**
 * What is wrong with a destination for the click id, in Spanish for the content editor,
 * or null: the placeholder must sit in a query value, and without one the destination
 * must not already have the click id's parameter (it would carry two values).
 */
export function clickIdProblem(destination: string, clickIdParam: string): string | null {
  if (!URL.canParse(destination)) return null; // the URL's own check says why
  const url = new URL(destination);
  const written = destination.match(PLACEHOLDERS)?.length ?? 0;
  if (written > 0) {
    let inValues = 0;
    for (const [name, value] of url.searchParams) {
      if (name.includes(CLICK_ID_PLACEHOLDER)) continue;
      inValues += value.split(CLICK_ID_PLACEHOLDER).length - 1;
    }
    return inValues === written
      ? null
      : `el marcador ${CLICK_ID_PLACEHOLDER} solo puede ir en el valor de un parámetro de la consulta, p. ej. ?${clickIdParam}=${CLICK_ID_PLACEHOLDER}`;
  }
  return url.searchParams.has(clickIdParam)
    ? `la URL ya lleva el parámetro "${clickIdParam}", que es el del id de clic (affiliate.click_id_param): quítelo o ponga ${CLICK_ID_PLACEHOLDER} donde deba ir el id`
    : null;
}
