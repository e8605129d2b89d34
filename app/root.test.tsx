// @vitest-environment jsdom-node-fetch
/**
 * The error boundaries inside the default layout: whatever fails, the visitor sees the
 * header, the footer and a Spanish message, never the error's own text.
 */
import { json } from "@remix-run/node";
import { Outlet } from "@remix-run/react";
import { createRemixStub } from "@remix-run/testing";
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";

import { SiteChrome } from "~/components/layout/site-chrome";
import { pages, publicSite, site } from "~/content/content.server";

import { ErrorBoundary as RootErrorBoundary } from "./root";
import PageRoute, { ErrorBoundary as PageErrorBoundary, loader as pageLoader } from "./routes/page";
import { memoryPeople } from "../tests/people";

const people = await memoryPeople();

const notFoundPage = pages.find((page) => page.slug === "/404")!;

function renderWithChild(child: Parameters<typeof createRemixStub>[0][number]) {
  const Stub = createRemixStub([
    {
      id: "root",
      path: "/",
      loader: () => json({ site: publicSite }),
      Component: () => (
        <SiteChrome>
          <Outlet />
        </SiteChrome>
      ),
      ErrorBoundary: () => (
        <SiteChrome>
          <RootErrorBoundary />
        </SiteChrome>
      ),
      children: [{ ...child, ErrorBoundary: PageErrorBoundary }],
    },
  ]);
  return render(<Stub initialEntries={["/boom"]} />);
}

/** What the page route's loader answers for a path. */
async function loadPath(path: string) {
  const request = new Request(`http://localhost${path}`);
  const response = await pageLoader({
    request,
    context: {
      clicks: null,
      conversions: null,
      studio: null,
      people,
      reports: null,
      clientAddress: "",
      head: false,
      variants: "",
      refusal: null,
    },
    params: {},
  });
  return { status: response.status, data: await response.json() };
}

async function expectLayout() {
  expect(await screen.findByRole("link", { name: site.header.signup_text })).toBeTruthy();
  expect(screen.getByRole("link", { name: site.header.login_text })).toBeTruthy();
  expect(screen.getByRole("heading", { name: "Enlaces Útiles" })).toBeTruthy();
}

describe("error boundaries", () => {
  it("show the Spanish apology with header and footer when a loader throws", async () => {
    renderWithChild({
      path: "boom",
      loader: () => {
        throw new Error("database password is hunter2");
      },
      Component: () => <p>never</p>,
    });
    await expectLayout();
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe(
      site.errors.server_error.title,
    );
    expect(screen.getByText(site.errors.server_error.text)).toBeTruthy();
    expect(document.body.textContent).not.toContain("hunter2");
  });

  it("show the apology when a component throws while rendering", async () => {
    // React reports render errors through console.error; that is expected here only.
    const guard = console.error;
    console.error = () => {};
    try {
      renderWithChild({
        path: "boom",
        Component: () => {
          throw new Error("render failed: secret");
        },
      });
      await expectLayout();
      expect(screen.getByRole("heading", { level: 1 }).textContent).toBe(
        site.errors.server_error.title,
      );
      expect(document.body.textContent).not.toContain("secret");
    } finally {
      console.error = guard;
    }
  });

  it("show the 404 page's content and the escaped check-page notice for an invalid path", async () => {
    const { status, data } = await loadPath("/%3Cimg%20src=x%20onerror=alert(1)%3E");
    expect(status).toBe(404);
    expect(data.notice).toBe("Page Not Found: /<img src=x onerror=alert(1)>");
    expect(data.head).toContainEqual({ title: notFoundPage.meta.title });
    renderWithChild({ path: "boom", loader: () => json(data), Component: PageRoute });
    await expectLayout();
    const mainBlock = notFoundPage.components.find((component) => component.component_id === 1);
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe(
      mainBlock?.component_id === 1 ? mainBlock.data.content.h1 : "",
    );
    expect(screen.getByText(data.notice!)).toBeTruthy();
    expect(document.querySelector("img[src=x]")).toBeNull();
  });

  it("give an unknown path the same 404 page and head as an invalid one, without the notice", async () => {
    const { status, data } = await loadPath("/no-existe");
    expect(status).toBe(404);
    expect(data.notice).toBeNull();
    expect(data.page?.slug).toBe("/404");
    expect(data.head).toContainEqual({ title: notFoundPage.meta.title });
  });

  it("show the 405 message for a refused method", async () => {
    renderWithChild({
      path: "boom",
      loader: () => {
        throw json(null, { status: 405 });
      },
      Component: () => <p>never</p>,
    });
    await expectLayout();
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe(
      site.errors.method_not_allowed.title,
    );
  });
});
