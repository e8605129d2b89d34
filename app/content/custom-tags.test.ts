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
    ["<script>alert(1)</script>", "<script> is not allowed"],
    ['<script src="https://evil.example/x.js"></script>', "<script> is not allowed"],
    ["<style>body{}</style>", "<style> is not allowed"],
    ['<meta name="x" content="y" onload="alert(1)">', '"onload" is not allowed'],
    ['<link rel="prefetch" href="javascript:alert(1)">', "protocol that is not allowed"],
    [
      '<meta http-equiv="refresh" content="0;url=https://evil.example">',
      '"http-equiv" is not allowed',
    ],
    ['<meta name="a" content="b"><meta name="c" content="d">', "exactly one"],
    ['<meta name="a" content="b">text', "exactly one"],
    ['<base href="https://evil.example/">', "<base> is not allowed"],
    ['<meta name="robots" content="noindex">', "written by the site"],
    ['<link rel="canonical" href="https://evil.example/">', "written by the site"],
    ["<!-- x -->", "comment"],
  ])("refuses %s", (raw, problem) => {
    expect(parseCustomTag(raw).problem).toContain(problem);
  });
});
