import { describe, expect, it } from "vitest";

import { parseCustomTag } from "./custom-tags";

describe("parseCustomTag", () => {
  it("parses a meta tag into its attributes", () => {
    expect(parseCustomTag('<meta name="google-site-verification" content="abc123" />')).toEqual({
      tag: { tagName: "meta", attributes: { name: "google-site-verification", content: "abc123" } },
    });
  });

  it("parses a link tag", () => {
    expect(parseCustomTag('<link rel="me" href="https://social.example/@brisamar">')).toEqual({
      tag: { tagName: "link", attributes: { rel: "me", href: "https://social.example/@brisamar" } },
    });
  });

  it.each([
    ["<script>alert(1)</script>", "<script> no está permitido"],
    ['<script src="https://evil.example/x.js"></script>', "<script> no está permitido"],
    ["<style>body{}</style>", "<style> no está permitido"],
    ['<meta name="x" content="y" onload="alert(1)">', '"onload" no está permitido'],
    ['<link rel="prefetch" href="javascript:alert(1)">', "protocolo no permitido"],
    [
      '<meta http-equiv="refresh" content="0;url=https://evil.example">',
      '"http-equiv" no está permitido',
    ],
    ['<meta name="a" content="b"><meta name="c" content="d">', "exactamente una"],
    ['<meta name="a" content="b">text', "exactamente una"],
    ['<base href="https://evil.example/">', "<base> no está permitido"],
    ['<meta name="robots" content="noindex">', "ya lo escribe el sitio"],
    ['<link rel="canonical" href="https://evil.example/">', "ya lo escribe el sitio"],
    ["<!-- x -->", "comentario"],
  ])("refuses %s", (raw, problem) => {
    expect(parseCustomTag(raw).problem).toContain(problem);
  });
});
