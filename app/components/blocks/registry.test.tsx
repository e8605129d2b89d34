// @vitest-environment jsdom-node-fetch
import { createRemixStub } from "@remix-run/testing";
import { render, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";

import { pages } from "~/content/content.server";
import { BLOCK_NAMES, BLOCK_SCHEMAS, type PageComponent } from "~/content/schema";

import { Blocks } from "./registry";

const ids = Object.keys(BLOCK_SCHEMAS)
  .map(Number)
  .sort((a, b) => a - b);

/** The first use of each block type in the real content. */
function sampleOf(id: number): PageComponent {
  for (const page of pages) {
    const found = page.components.find((component) => component.component_id === id);
    if (found) return found;
  }
  throw new Error(`no page uses component_id ${id}`);
}

async function renderBlocks(components: PageComponent[]) {
  const Stub = createRemixStub([
    { path: "/", Component: () => <Blocks components={components} /> },
  ]);
  const { container } = render(<Stub />);
  await waitFor(() => expect(container.querySelector("[data-block]")).not.toBeNull());
  return container;
}

describe("block registry", () => {
  it.each(ids)("renders component_id %i with data-block set to its type name", async (id) => {
    const container = await renderBlocks([sampleOf(id)]);
    const root = container.firstElementChild;
    expect(root?.getAttribute("data-block")).toBe(BLOCK_NAMES[id as keyof typeof BLOCK_NAMES]);
  });

  it("renders blocks in the order it is given", async () => {
    const sequence = [sampleOf(7), sampleOf(1), sampleOf(3)];
    const container = await renderBlocks(sequence);
    const names = [...container.querySelectorAll(":scope > [data-block]")].map((node) =>
      node.getAttribute("data-block"),
    );
    expect(names).toEqual(["Faq", "MainBlock", "DynamicTable"]);
  });
});
