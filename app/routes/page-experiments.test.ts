/**
 * The page route under an experiment: the loader renders the variants the server assigned
 * (the load context's `variants`) and keeps the page from shared caches while the
 * experiment runs. The content's own "home-h1" experiment started on 2026-11-25.
 */
import { describe, expect, it } from "vitest";

import { pages, variants } from "~/content/content.server";

import { loader } from "./page";

const home = pages.find((page) => page.slug === "/")!;
const variantB = variants.get("/")!.get("home-h1=B")!;
const h1Of = (page: typeof home) => (page.components[0]!.data.content as { h1: string }).h1;

function load(path: string, assigned: string) {
  return loader({
    request: new Request(`http://localhost${path}`),
    context: {
      clicks: null,
      conversions: null,
      clientAddress: "",
      head: false,
      variants: assigned,
      refusal: null,
    },
    params: {},
  });
}

describe("page loader under an experiment", () => {
  it("renders the headline of the variant the server assigned", async () => {
    const control = await load("/", "home-h1=A").json();
    const variant = await load("/", "home-h1=B").json();
    expect(control.page && h1Of(control.page)).toBe(h1Of(home));
    expect(variant.page && h1Of(variant.page)).toBe(h1Of(variantB));
    expect(h1Of(variantB)).not.toBe(h1Of(home));
  });

  it("renders the control when the server assigned nothing", async () => {
    const data = await load("/", "").json();
    expect(data.page && h1Of(data.page)).toBe(h1Of(home));
  });

  it("sends a running experiment's page private; a page without one keeps the default", () => {
    expect(load("/", "home-h1=B").headers.get("Cache-Control")).toMatch(/^private\b/);
    expect(load("/bonos", "").headers.get("Cache-Control")).toBeNull();
  });
});
