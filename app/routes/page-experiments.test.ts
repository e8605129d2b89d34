/**
 * The page route under an experiment: the loader renders the variants the server assigned
 * (the load context's `variants`) and keeps the page from shared caches while the
 * experiment runs, on a copy of the content where "home-h1" runs again
 * (tests/running-experiment.ts). The shipped content runs none: its pages stay public.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { writeRunningExperimentContent } from "../../tests/running-experiment";

import * as content from "~/content/content.server";
import { runningOn } from "~/experiments/page-experiments.server";

import { loader } from "./page";
import { memoryPeople } from "../../tests/people";

const people = await memoryPeople();

const h1Of = (page: (typeof content.pages)[number]) =>
  (page.components[0]!.data.content as { h1: string }).h1;

function load(path: string, assigned: string) {
  return loader({
    request: new Request(`http://localhost${path}`),
    context: {
      clicks: null,
      conversions: null,
      studio: null,
      people,
      reports: null,
      clientAddress: "",
      head: false,
      variants: assigned,
      refusal: null,
    },
    params: {},
  });
}

describe("the shipped content", () => {
  it("runs no experiment on any page, so every page may be shared by a CDN", async () => {
    const now = Date.now();
    expect(content.pages.filter((page) => runningOn(page, now)).map((page) => page.slug)).toEqual(
      [],
    );
    expect((await load("/", "")).headers.get("Cache-Control")).toBeNull();
  });
});

describe("page loader under an experiment", () => {
  const contentDir = process.env.CONTENT_DIR;
  let work = "";

  beforeAll(() => {
    work = mkdtempSync(path.join(tmpdir(), "page-experiments-"));
    process.env.CONTENT_DIR = writeRunningExperimentContent(path.join(work, "content"));
    content.reloadContent();
  });

  afterAll(() => {
    if (contentDir === undefined) delete process.env.CONTENT_DIR;
    else process.env.CONTENT_DIR = contentDir;
    content.reloadContent();
    rmSync(work, { recursive: true, force: true });
  });

  const home = () => content.pages.find((page) => page.slug === "/")!;

  it("renders the headline of the variant the server assigned", async () => {
    const variantB = content.variants.get("/")!.get("home-h1=B")!;
    const control = await (await load("/", "home-h1=A")).json();
    const variant = await (await load("/", "home-h1=B")).json();
    expect(control.page && h1Of(control.page)).toBe(h1Of(home()));
    expect(variant.page && h1Of(variant.page)).toBe(h1Of(variantB));
    expect(h1Of(variantB)).not.toBe(h1Of(home()));
  });

  it("renders the control when the server assigned nothing", async () => {
    const data = await (await load("/", "")).json();
    expect(data.page && h1Of(data.page)).toBe(h1Of(home()));
  });

  it("sends a running experiment's page private; a page without one keeps the default", async () => {
    expect((await load("/", "home-h1=B")).headers.get("Cache-Control")).toMatch(/^private\b/);
    expect((await load("/bonos", "")).headers.get("Cache-Control")).toBeNull();
  });
});
