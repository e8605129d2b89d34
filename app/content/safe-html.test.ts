import { describe, expect, it } from "vitest";

import { findUnsafeHtml, isSafeHref } from "./safe-html";

describe("findUnsafeHtml", () => {
  it("accepts the allowlisted tags and a safe link", () => {
    const html =
      '<p>Hola <strong>mundo</strong>, <a href="/terms" title="T">términos</a></p><ul><li>uno</li></ul>';
    expect(findUnsafeHtml(html)).toEqual([]);
  });

  it.each([
    ["<script>alert(1)</script>", "<script>"],
    ["<style>p{}</style>", "<style>"],
    ['<iframe src="https://example.com"></iframe>', "<iframe>"],
    ["<img src=x onerror=alert(1)>", "<img>"],
    ['<p onclick="alert(1)">x</p>', '"onclick"'],
    ['<a href="javascript:alert(1)">x</a>', "javascript:"],
    ['<a href="  JaVaScRiPt:alert(1)">x</a>', "JaVaScRiPt:"],
    ['<a href="java&#x09;script:alert(1)">x</a>', "script:alert"],
    ['<a href="data:text/html,x">x</a>', "data:"],
    ["<svg><g onload=alert(1)></g></svg>", "<svg>"],
    ["<!-- <script> -->", "comentarios"],
  ])("refuses %s", (html, mention) => {
    const problems = findUnsafeHtml(html);
    expect(problems.length).toBeGreaterThan(0);
    expect(problems.join(" ")).toContain(mention);
  });
});

describe("isSafeHref", () => {
  it.each(["/terms", "#top", "https://www.jugarbien.es/", "mailto:a@b.es", "tel:900200225"])(
    "accepts %s",
    (href) => expect(isSafeHref(href)).toBe(true),
  );

  it.each(["javascript:alert(1)", "//evil.example", "/\\evil.example", "vbscript:x", ""])(
    "refuses %s",
    (href) => expect(isSafeHref(href)).toBe(false),
  );
});
