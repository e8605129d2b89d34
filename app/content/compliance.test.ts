/**
 * Copy a regulator or a responsible-gambling reviewer would reject (Real Decreto
 * 958/2020), checked in every content file so it cannot come back with an edit.
 */
import { describe, expect, it } from "vitest";

import { readContentFiles } from "./content-files.server";

const { siteFile, pageFiles } = readContentFiles("content");
const files = [siteFile!, ...pageFiles];

/** Every string of a file with its JSON path. */
function strings(value: unknown, at = ""): [string, string][] {
  if (typeof value === "string") return [[at, value]];
  if (Array.isArray(value)) return value.flatMap((item, index) => strings(item, `${at}[${index}]`));
  if (value && typeof value === "object") {
    return Object.entries(value).flatMap(([key, item]) => strings(item, at ? `${at}.${key}` : key));
  }
  return [];
}

const REJECTED: [string, RegExp, (file: string) => boolean][] = [
  // Every player in Spain has deposit limits: say what the limit is.
  ["a deposit without a maximum", /sin\s+m[áa]ximo/i, () => true],
  // VIP status is earned by activity, never handed out for signing up.
  ["VIP status granted at registration", /al\s+registrarte/i, (file) => file.endsWith("vip.json")],
  // Losses are not something to win back (the responsible-gambling page says so).
  [
    "an invitation to recover losses",
    /(recuperas?|recuperar|recupera)\b[^.]{0,40}p[ée]rdidas|no ha ido bien/i,
    (file) => !file.endsWith("responsible.json"),
  ],
  ["gambling as a way to make money", /gana(r)?\s+dinero|dinero\s+f[áa]cil|ingresos\s+extra/i, (file) => !file.endsWith("responsible.json")],
  // The fictional brand holds no certification: review sites are review sites.
  ["a certification the brand does not have", /certificad/i, () => true],
];

describe("advertising copy", () => {
  it.each(REJECTED)("has no %s", (_name, pattern, applies) => {
    const found = files
      .filter(({ file }) => applies(file))
      .flatMap(({ file, data }) =>
        strings(data)
          .filter(([, text]) => pattern.test(text))
          .map(([at, text]) => `${file}: ${at}: ${text.slice(0, 120)}`),
      );
    expect(found).toEqual([]);
  });
});
