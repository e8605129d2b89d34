/**
 * Shared end-to-end helpers: a `page` that fails the test on any console error or
 * uncaught exception (except the browser's own note that a document answered 403/404,
 * which those tests expect), and the site's content read from content/.
 */
import { readdirSync, readFileSync } from "node:fs";
import { request as httpRequest } from "node:http";

import { expect, test as base } from "@playwright/test";

type Json = Record<string, unknown>;

export function readContent(file: string): Json {
  return JSON.parse(
    readFileSync(new URL(`../../content/${file}`, import.meta.url), "utf8"),
  ) as Json;
}

export const site = readContent("site.json") as {
  header: Record<string, unknown>;
  footer: { menus: { header: string; links: { url: string; text: string }[] }[] };
};

type Component = { order: number; component_id: number; offer?: string; data: { content: Json } };
export type PageContent = {
  slug: string;
  meta: { title: string; lang?: string };
  components: Component[];
};

type Record_ = Json & { slug: string };
const records = readContent("site.json") as { payment_methods?: Record_[]; games?: Record_[] };

/**
 * A block as the page shows it: a deposit-table row that names a payment method of the
 * site config (`method`), and a games tile that names a game (`game`), with that record's
 * facts in place (decision 024).
 */
function withRecords(component: Component): Component {
  const content = component.data.content;
  const find = (list: Record_[] | undefined, slug: unknown) => {
    const found = list?.find((record) => record.slug === slug);
    if (!found) throw new Error(`no record ${String(slug)} in site.json`);
    return found;
  };
  if (component.component_id === 10) {
    const rows = (content.rows as Json[]).map((row) => {
      if (!("method" in row)) return row;
      const {
        slug: _slug,
        name,
        summary: _s,
        body: _b,
        updated: _u,
        deposit_time: _d,
        ...facts
      } = find(records.payment_methods, row.method);
      return { payment_system: name, ...facts };
    });
    return { ...component, data: { content: { ...content, rows } } };
  }
  if (component.component_id === 4) {
    const table = content.table as { content: Json[] };
    const tiles = table.content.map(({ game, ...tile }) => {
      if (game === undefined) return tile;
      const record = find(records.games, game);
      return { ...tile, name: record.name, provider: record.provider, image: record.image };
    });
    return { ...component, data: { content: { ...content, table: { content: tiles } } } };
  }
  return component;
}

/** Every page of the content, discovered as the server discovers them: pages/*.json. */
export const pages = readdirSync(new URL("../../content/pages", import.meta.url))
  .filter((name) => name.endsWith(".json"))
  .sort()
  .map((name) => readContent(`pages/${name}`) as unknown as PageContent)
  .map((page) => ({ ...page, components: page.components.map(withRecords) }));

export function pageBySlug(slug: string): PageContent {
  const page = pages.find((candidate) => candidate.slug === slug);
  if (!page) throw new Error(`no page ${slug} in content`);
  return page;
}

/** The heading a page shows as its <h1>: MainBlock.h1, InfoBlock.title or a TextComponent. */
export function h1Of(page: PageContent): string {
  for (const { component_id, data } of [...page.components].sort((a, b) => a.order - b.order)) {
    if (component_id === 1) return data.content.h1 as string;
    if (component_id === 12) return data.content.title as string;
    if (component_id === 14 && data.content.header_is_h1) return data.content.header as string;
  }
  throw new Error(`page ${page.slug} has no h1 block`);
}

/**
 * The <h1> a visitor may see on a page: its own, or a variant's under an A/B experiment
 * (docs/experiments.md): the test's client gets one variant a day, whichever it is.
 */
export function headingOf(page: PageContent): RegExp {
  const variants = page.components.flatMap((component) => {
    const experiment = (component as { experiment?: { variants: Record<string, Json> } })
      .experiment;
    return experiment ? Object.values(experiment.variants).map((fields) => fields.h1) : [];
  });
  const texts = [h1Of(page), ...variants.filter((text) => typeof text === "string")];
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`^(?:${texts.map((text) => escape(text as string)).join("|")})$`);
}

const DOCUMENT_STATUS_NOTE =
  /^Failed to load resource: the server responded with a status of 4\d\d/;

/** `page`, failing the test on any console error or uncaught exception. */
export const test = base.extend({
  page: async ({ page }, use) => {
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() !== "error") return;
      const isDocumentNote =
        DOCUMENT_STATUS_NOTE.test(message.text()) && message.location().url === page.url();
      if (!isDocumentNote) errors.push(`${message.text()} (${message.location().url})`);
    });
    page.on("pageerror", (error) => errors.push(`uncaught: ${error.message}`));
    await use(page);
    expect(errors, "console errors").toEqual([]);
  },
});

export type RawResponse = {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
};

/**
 * Sends a request with the path exactly as given (no URL normalisation, so "//host/"
 * and "/../" reach the server as a hostile client would send them).
 */
export function rawRequest(
  path: string,
  { method = "GET", headers = {} }: { method?: string; headers?: Record<string, string> } = {},
): Promise<RawResponse> {
  const port = Number(process.env.E2E_PORT ?? 3100);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: "localhost", port, path, method, headers }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

export { expect };
