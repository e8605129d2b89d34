import { describe, expect, it } from "vitest";

import {
  MAX_PATH_LENGTH,
  MISSING_404_TEXT,
  isValidPath,
  resolvePage,
  slugFromSegments,
} from "./resolve-page";

const home = { slug: "/", name: "home" };
const terms = { slug: "/terms", name: "terms" };
const deep = { slug: "/guia/bonos/2025", name: "deep" };
const notFound = { slug: "/404", name: "404" };
const forbidden = { slug: "/403", name: "403" };
const pages = [home, terms, deep, notFound, forbidden];

describe("slugFromSegments", () => {
  it("joins segments with slashes", () => {
    expect(slugFromSegments(["guia", "bonos", "2025"])).toBe("/guia/bonos/2025");
  });

  it("turns an empty slug into /", () => {
    expect(slugFromSegments([])).toBe("/");
    expect(slugFromSegments([""])).toBe("/");
  });
});

describe("resolvePage", () => {
  it("finds the home page at /", () => {
    expect(resolvePage(pages, "/")).toEqual({ kind: "page", page: home, status: 200 });
  });

  it("finds a page by its joined slug at any depth", () => {
    expect(resolvePage(pages, "/guia/bonos/2025")).toEqual({
      kind: "page",
      page: deep,
      status: 200,
    });
  });

  it("answers /403 and /404 with their own status", () => {
    expect(resolvePage(pages, "/403")).toMatchObject({ page: forbidden, status: 403 });
    expect(resolvePage(pages, "/404")).toMatchObject({ page: notFound, status: 404 });
  });

  it("falls back to the /404 page for an unknown slug", () => {
    expect(resolvePage(pages, "/no/existe")).toEqual({
      kind: "not-found",
      page: notFound,
      status: 404,
    });
  });

  it("falls back to nothing (plain text) when /404 is missing too", () => {
    const result = resolvePage([home, terms], "/no-existe");
    expect(result).toEqual({ kind: "not-found", page: null, status: 404 });
    expect(MISSING_404_TEXT).toBe("Page not found.");
  });

  it("redirects a trailing slash to the page it names", () => {
    expect(resolvePage(pages, "/terms/")).toEqual({ kind: "redirect", location: "/terms" });
  });

  it("redirects a mis-cased path that names a page to its lower-case form", () => {
    expect(resolvePage(pages, "/Terms")).toEqual({ kind: "redirect", location: "/terms" });
    expect(resolvePage(pages, "/TERMS/")).toEqual({ kind: "redirect", location: "/terms" });
    expect(resolvePage(pages, "/Nada")).toMatchObject({ kind: "invalid", status: 404 });
  });

  it("does not redirect a trailing slash that names no page", () => {
    expect(resolvePage(pages, "/nada/")).toMatchObject({ kind: "invalid", status: 404 });
  });

  it("never turns //host/ into a redirect", () => {
    expect(resolvePage(pages, "//other.example/")).toMatchObject({ kind: "invalid", status: 404 });
    expect(resolvePage(pages, "/\\other.example/")).toMatchObject({ kind: "invalid", status: 404 });
  });

  it.each([
    ["/..", "dot segments"],
    ["/terms/../privacy", "traversal"],
    ["/Nada", "upper case"],
    ["/t%C3%A9rminos", "percent-encoded characters"],
    ["/a//b", "an empty segment"],
    ["/bonos.php", "a dot"],
    ["/<script>", "markup"],
    [`/${"a".repeat(MAX_PATH_LENGTH)}`, "more than 256 characters"],
  ])("fails validation for %s (%s) with the 404 page and a message", (path) => {
    const result = resolvePage(pages, path);
    expect(result).toMatchObject({ kind: "invalid", status: 404, page: notFound });
    expect(result.kind === "invalid" && result.path.startsWith("/")).toBe(true);
  });

  it("shows the decoded path in the validation message", () => {
    const result = resolvePage(pages, "/%3Cb%3E");
    expect(result).toMatchObject({ path: "/<b>" });
  });

  it("keeps malformed percent-encoding as it arrived", () => {
    expect(resolvePage(pages, "/%E0%A4%A")).toMatchObject({ path: "/%E0%A4%A" });
  });
});

describe("isValidPath", () => {
  it("accepts / and lowercase segments up to 256 characters", () => {
    expect(isValidPath("/")).toBe(true);
    expect(isValidPath("/vip/nivel-2")).toBe(true);
    expect(isValidPath(`/${"a".repeat(MAX_PATH_LENGTH - 1)}`)).toBe(true);
  });

  it("refuses paths over 256 characters", () => {
    expect(isValidPath(`/${"a".repeat(MAX_PATH_LENGTH)}`)).toBe(false);
  });
});
