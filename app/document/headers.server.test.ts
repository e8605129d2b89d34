import { createHash } from "node:crypto";

import { describe, expect, it } from "vitest";

import {
  contentSecurityPolicy,
  documentCacheControl,
  inlineScriptHashes,
  inlineStyleHashes,
  matchesIfNoneMatch,
  securityHeaders,
  sharedCacheSeconds,
  strongEtag,
} from "./headers.server";

const sha = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

describe("inlineScriptHashes", () => {
  it("hashes executable inline scripts only", () => {
    const html = [
      "<script>window.a=1</script>",
      '<script type="module" async="">import "/build/x.js";</script>',
      '<script src="/build/y.js"></script>',
      '<script type="application/ld+json">{"@context":"https://schema.org"}</script>',
      '<script type="application/json" id="app-config">{}</script>',
      "<script>window.a=1</script>",
    ].join("");
    expect(inlineScriptHashes(html)).toEqual([sha("window.a=1"), sha('import "/build/x.js";')]);
  });
});

describe("inlineStyleHashes", () => {
  it("hashes the inlined stylesheet for style-src", () => {
    const html = '<style id="app-style">body{color:red}</style><p>x</p>';
    expect(inlineStyleHashes(html)).toEqual([sha("body{color:red}")]);
    expect(contentSecurityPolicy([], {}, inlineStyleHashes(html))).toContain(
      `style-src 'self' ${sha("body{color:red}")}`,
    );
  });
});

describe("contentSecurityPolicy", () => {
  it("denies everything by default and lists each resource the site loads", () => {
    const csp = contentSecurityPolicy(["'sha256-abc'"]);
    expect(csp.split("; ")).toEqual([
      "default-src 'none'",
      "script-src 'self' 'sha256-abc'",
      "style-src 'self'",
      "img-src 'self' data:",
      "connect-src 'self'",
      "object-src 'none'",
      "base-uri 'none'",
      "frame-ancestors 'none'",
      "form-action 'self'",
    ]);
    expect(csp).not.toContain("unsafe");
  });

  it("lets the development server's live-reload socket connect, in development only", () => {
    expect(contentSecurityPolicy([], { devSocket: "ws://localhost:3001" })).toContain(
      "connect-src 'self' ws://localhost:3001",
    );
  });

  it("adds the analytics host and the CDN only when configured", () => {
    const csp = contentSecurityPolicy([], {
      analyticsHost: "https://stats.example",
      cdnOrigin: "https://cdn.example",
    });
    expect(csp).toContain("script-src 'self' https://cdn.example https://stats.example");
    expect(csp).toContain("connect-src 'self' https://stats.example");
    expect(csp).toContain("style-src 'self' https://cdn.example");
  });
});

describe("ETag", () => {
  it("is strong, stable and changes with the body", () => {
    expect(strongEtag("a")).toBe(strongEtag("a"));
    expect(strongEtag("a")).not.toBe(strongEtag("b"));
    expect(strongEtag("a")).toMatch(/^"[A-Za-z0-9_-]{32}"$/);
  });

  it("matches If-None-Match lists, weak forms and *", () => {
    const etag = strongEtag("page");
    expect(matchesIfNoneMatch(etag, etag)).toBe(true);
    expect(matchesIfNoneMatch(`"x", W/${etag}`, etag)).toBe(true);
    expect(matchesIfNoneMatch("*", etag)).toBe(true);
    expect(matchesIfNoneMatch('"x"', etag)).toBe(false);
    expect(matchesIfNoneMatch(null, etag)).toBe(false);
    expect(matchesIfNoneMatch('"', etag)).toBe(false);
  });
});

describe("caching and security headers", () => {
  it("caches pages for a CDN, 403/404 briefly, nothing else", () => {
    expect(documentCacheControl(200)).toBe(
      "public, max-age=60, s-maxage=300, stale-while-revalidate=86400",
    );
    expect(documentCacheControl(404)).toBe("public, max-age=60, s-maxage=60");
    expect(documentCacheControl(403)).toBe("public, max-age=60, s-maxage=60");
    expect(documentCacheControl(405)).toBe("no-store");
    expect(documentCacheControl(500)).toBe("no-store");
  });

  it("keeps a page under a running experiment from shared caches", () => {
    expect(documentCacheControl(200, { perVisitor: true })).toBe("private, max-age=60");
    // Error pages are the same for every visitor.
    expect(documentCacheControl(404, { perVisitor: true })).toBe(documentCacheControl(404));
  });

  it("keeps no page past the next start or end of an offer, in a CDN, a browser or the server", () => {
    const hour = 3_600_000;
    // A day and more away: the usual policy.
    expect(documentCacheControl(200, { changesIn: 48 * hour })).toBe(documentCacheControl(200));
    // Within what a CDN would serve stale: nothing stale, and five minutes at most.
    expect(documentCacheControl(200, { changesIn: 2 * hour })).toBe(
      "public, max-age=60, s-maxage=300",
    );
    // Two minutes away: a CDN keeps it one, the server's cache the other (and no more).
    expect(documentCacheControl(200, { changesIn: 120_000 })).toBe(
      "public, max-age=60, s-maxage=60",
    );
    expect(sharedCacheSeconds(120_000)).toBe(60);
    expect(documentCacheControl(200, { changesIn: 30_000 })).toBe(
      "public, max-age=15, s-maxage=15",
    );
    expect(documentCacheControl(200, { changesIn: 1_000, perVisitor: true })).toBe(
      "private, max-age=0",
    );
    expect(documentCacheControl(404, { changesIn: 1_000 })).toBe("public, max-age=60, s-maxage=60");
  });

  it("keeps nothing under npm run dev, so every save shows (a page under an experiment too)", () => {
    for (const status of [200, 304, 403, 404]) {
      expect(documentCacheControl(status, { development: true })).toBe("no-store");
      expect(documentCacheControl(status, { perVisitor: true, development: true })).toBe(
        "no-store",
      );
    }
  });

  it("names each security header once; staging adds noindex", () => {
    const names = securityHeaders(true).map(([name]) => name.toLowerCase());
    expect(new Set(names).size).toBe(names.length);
    expect(names).not.toContain("x-robots-tag");
    expect(securityHeaders(false)).toContainEqual(["X-Robots-Tag", "noindex, nofollow"]);
  });

  it("keeps resources same-origin unless a CDN must read the build's assets", () => {
    expect(securityHeaders(true)).toContainEqual(["Cross-Origin-Resource-Policy", "same-origin"]);
    expect(securityHeaders(true, { crossOriginResources: true })).toContainEqual([
      "Cross-Origin-Resource-Policy",
      "cross-origin",
    ]);
  });
});
