import { describe, expect, it } from "vitest";

import { loadScriptsAfterFirstPaint } from "./entry.server";

const remixBootstrap = [
  '<link rel="modulepreload" href="/build/manifest-A.js"/>',
  '<link rel="modulepreload" href="/build/root-B.js"/>',
  '<script type="module" async="">import "/build/manifest-A.js";',
  'import * as route0 from "/build/root-B.js";',
  'import * as route1 from "/build/slug___en-C.js";',
  'window.__remixRouteModules = {"root":route0,"slug___en":route1};',
  'import("/build/entry.client-D.js");</script>',
].join("\n");

describe("loadScriptsAfterFirstPaint", () => {
  it("starts the same imports after the first paint, the entry last", () => {
    const html = loadScriptsAfterFirstPaint(remixBootstrap);
    expect(html).not.toContain('rel="modulepreload"');
    expect(html).toContain('<link data-preload-after-paint="" href="/build/manifest-A.js"/>');
    expect(html).toContain(
      'const [_0, route0, route1] = await Promise.all([import("/build/manifest-A.js"), import("/build/root-B.js"), import("/build/slug___en-C.js")]);',
    );
    expect(html).toContain('window.__remixRouteModules = {"root":route0,"slug___en":route1};');
    expect(html.indexOf("window.__remixRouteModules")).toBeLessThan(
      html.indexOf('await import("/build/entry.client-D.js")'),
    );
    expect(html).toContain("requestAnimationFrame(() => setTimeout(load));");
    expect(html).toMatch(/<script type="module" async="">const load/);
  });

  it("leaves a bootstrap it does not recognise as Remix wrote it", () => {
    const changed = remixBootstrap.replace("window.__remixRouteModules", "window.somethingElse");
    expect(loadScriptsAfterFirstPaint(changed)).toBe(changed);
  });
});
