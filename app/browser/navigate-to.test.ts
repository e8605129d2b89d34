import { describe, expect, it, vi } from "vitest";

import { NavigationRefusedError, navigateTo } from "./navigate-to";

const deps = () => ({
  currentUrl: "https://site.example/terms",
  navigate: vi.fn(),
  assign: vi.fn(),
});

describe("navigateTo", () => {
  it("navigates client-side inside the site", () => {
    const d = deps();
    navigateTo("/privacy?x=1#a", {}, d);
    expect(d.navigate).toHaveBeenCalledWith("/privacy?x=1#a", { replace: undefined });
    expect(d.assign).not.toHaveBeenCalled();
  });

  it("loads an internal URL as a document when asked", () => {
    const d = deps();
    navigateTo("/privacy", { document: true }, d);
    expect(d.assign).toHaveBeenCalledWith("https://site.example/privacy");
  });

  it("refuses an external URL without the explicit opt-in", () => {
    const d = deps();
    expect(() => navigateTo("https://other.example/", {}, d)).toThrow(NavigationRefusedError);
    expect(() => navigateTo("//other.example/", {}, d)).toThrow(/external: true/);
    expect(d.assign).not.toHaveBeenCalled();
    expect(d.navigate).not.toHaveBeenCalled();
  });

  it("opens an external URL with the opt-in", () => {
    const d = deps();
    navigateTo("https://aff.example/redirect?partner=1", { external: true }, d);
    expect(d.assign).toHaveBeenCalledWith("https://aff.example/redirect?partner=1");
  });

  it.each([
    "javascript:alert(1)",
    " JavaScript:alert(1)",
    "java\tscript:alert(1)",
    "data:text/html,x",
    "vbscript:x",
  ])("always refuses %s, even with the opt-in", (url) => {
    const d = deps();
    expect(() => navigateTo(url, { external: true }, d)).toThrow(NavigationRefusedError);
    expect(d.assign).not.toHaveBeenCalled();
  });
});
