import { expect, h1Of, pageBySlug, rawRequest, test } from "./fixtures";

const notFoundHeading = h1Of(pageBySlug("/404"));

test("a deep unknown path shows the 404 page with header and footer", async ({ page }) => {
  const response = await page.goto("/uno/dos/tres/cuatro/cinco");
  expect(response?.status()).toBe(404);
  await expect(page.locator("h1")).toHaveText(notFoundHeading);
  await expect(page.locator("header.site-header")).toBeVisible();
  await expect(page.locator("footer.site-footer")).toBeVisible();
});

test("/403 answers 403 and /404 answers 404", async ({ request }) => {
  expect((await request.get("/403")).status()).toBe(403);
  expect((await request.get("/404")).status()).toBe(404);
});

test("an invalid path shows 'Page Not Found: {path}' as escaped text in the 404 layout", async ({
  page,
  request,
}) => {
  const path = "/<script>window.__pwned=1</script>";
  const raw = await request.get(path);
  expect(raw.status()).toBe(404);
  const html = await raw.text();
  expect(html).not.toContain("<script>window.__pwned");
  expect(html).toContain("Page Not Found: /&lt;script&gt;window.__pwned=1&lt;/script&gt;");

  await page.goto(path);
  await expect(page.getByText("Page Not Found: /<script>window.__pwned=1</script>")).toBeVisible();
  await expect(page.locator("h1")).toHaveText(notFoundHeading);
  await expect(page.locator("footer.site-footer")).toBeVisible();
  expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
});

for (const path of [
  "/..%2f..%2fetc%2fpasswd",
  "/Nada",
  "/a//b",
  `/${"x".repeat(300)}`,
  "/bonos.php",
  "/%E0%A4%A",
]) {
  test(`the invalid path ${path.slice(0, 40)} answers 404 with the validation message`, async ({
    request,
  }) => {
    const response = await request.get(path);
    expect(response.status()).toBe(404);
    expect(await response.text()).toContain("Page Not Found: /");
  });
}

test("a trailing slash on a page redirects 301 to the path without it, query kept", async ({
  request,
}) => {
  const response = await request.get("/terms/?ref=abc&x=%3C", { maxRedirects: 0 });
  expect(response.status()).toBe(301);
  expect(response.headers()["location"]).toBe("/terms?ref=abc&x=%3C");
});

test("a mis-cased path that names a page redirects 301 to its lower-case form, query kept", async ({
  request,
}) => {
  for (const path of ["/Terms?utm_source=x", "/VIP/?utm_source=x"]) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(301);
    expect(response.headers()["location"], path).toBe(
      `${path.split("?")[0]!.toLowerCase().replace(/\/$/, "")}?utm_source=x`,
    );
  }
});

test("//host/ and /\\host/ never redirect off the site", async () => {
  for (const path of [
    "//other.example/",
    "//other.example/terms/",
    "/\\other.example/",
    "/%2F%2Fother.example/",
    "/%5Cother.example/",
    "///other.example//",
  ]) {
    const response = await rawRequest(path);
    const location = String(response.headers["location"] ?? "");
    expect(location, `${path} → ${location}`).not.toMatch(/^(\/\/|\/\\|https?:)/);
    expect(response.status, path).toBe(404);
    expect(response.body).toContain('class="site-header"');
  }
});

test("traversal and malformed encodings get the styled 404 page, never a file", async () => {
  for (const path of [
    "/%zz",
    "/%E0%A4%A",
    "/../package.json",
    "/build/../../package.json",
    "/images/..%2f..%2fpackage.json",
  ]) {
    const response = await rawRequest(path);
    expect(response.status, path).toBe(404);
    expect(response.body, path).toContain('class="site-footer"');
    expect(response.body, path).not.toContain('"devDependencies"');
  }
});

for (const method of ["OPTIONS", "PROPFIND", "TRACE"]) {
  test(`${method} on a page answers the site's 405 page`, async () => {
    const response = await rawRequest("/terms", { method });
    expect(response.status).toBe(405);
    expect(response.headers["allow"]).toBe("GET, HEAD");
    expect(response.body).toContain('class="site-header"');
    expect(response.body).toContain("Método no permitido");
    expect(response.body).not.toContain("Invalid request method");
  });
}

test("HEAD on a page answers like GET without a body", async ({ request }) => {
  const response = await request.head("/terms");
  expect(response.status()).toBe(200);
  expect(await response.text()).toBe("");
});

for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
  test(`${method} on a page answers 405 with Allow, inside the layout`, async ({ request }) => {
    const response = await request.fetch("/terms", { method, data: "x=1" });
    expect(response.status()).toBe(405);
    expect(response.headers()["allow"]).toBe("GET, HEAD");
    const html = await response.text();
    expect(html).toContain('class="site-header"');
    expect(html).toContain('class="site-footer"');
    expect(html).toContain("Método no permitido");
    expect(html).not.toContain("did not provide an `action`");
  });
}
