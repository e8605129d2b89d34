/**
 * The editor's loop under `npm run dev`, as a marketer lives it: save a text and the open
 * page shows it without a reload; save a mistake and the page lists it (file and JSON
 * path); save another and the list follows; save the fix and the page comes back; save
 * the way vim or JetBrains do (a temporary file renamed over the original) as often as
 * wished; add a page file and it exists. Saving does not grow the server's memory, and
 * `npm run dev` builds into .dev/, leaving the production build it finds (build/,
 * public/build/) as it was: `npm start` serves it meanwhile.
 *
 * `npm run dev` runs in a copy of the project (node_modules linked, the production build
 * copied), never in the one the other tests use.
 */
import { spawn, type ChildProcess } from "node:child_process";
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

import { expect, test, type Page } from "@playwright/test";

import { freePort, freePortPair } from "../free-port";
import { writeRunningExperimentContent } from "../running-experiment";

/** The site's port under `npm run dev`, found free with the next one (below). */
let DEV_PORT = 0;
/** remix dev's own port (live reload): not set, so the site's port + 1. */
let DEV_SOCKET_PORT = 0;
let ORIGIN = "";
const ROOT = path.resolve(import.meta.dirname, "../..");

/**
 * How long a save may take to show in the open tab: the watcher settles, the server reads
 * the content, the tab fetches the page's data or reloads. Seconds on a busy machine; each
 * wait ends as soon as the page shows the save.
 */
const SAVE_SHOWN = 20_000;
/** A test's time: its saves, each shown within SAVE_SHOWN, and the page loads around them. */
const timeFor = (saves: number) => 30_000 + saves * SAVE_SHOWN;
/** First `npm run dev`: a full remix build and the server's start, in a copy of the project. */
const DEV_START = 180_000;
/** Saves the heap is measured over, and what each may take at most (read + render). */
const HEAP_SAVES = 500;
const HEAP_SAVE_TIME = 400;
/** Saves of the check that the measure sees a leak. */
const LEAK_SAVES = 100;
/**
 * Most the heap may keep per save, as a share of one parsed copy of the content (measured
 * in the same run): a reload that kept a quarter of what it reads would be over it.
 */
const MAX_KEPT_PER_SAVE = 0.25;

test.describe.configure({ mode: "serial" });

let project: string;
let dev: ChildProcess;
/** The production build's files (build/, public/build/) and their bytes, before npm run dev. */
let productionBuild: Map<string, string>;

function buildFiles(): Map<string, string> {
  const files = new Map<string, string>();
  for (const folder of ["build", "public/build"]) {
    for (const file of readdirSync(path.join(project, folder), { recursive: true })) {
      const full = path.join(project, folder, String(file));
      if (statSync(full).isFile())
        files.set(`${folder}/${String(file)}`, readFileSync(full, "base64"));
    }
  }
  return files;
}
let output = "";

const vipFile = () => path.join(project, "content", "pages", "vip.json");
const H1 = "Club VIP de Brisamar Casino";

test.beforeAll(async () => {
  test.setTimeout(DEV_START + 30_000);
  project = mkdtempSync(path.join(tmpdir(), "brisamar-dev-"));
  for (const entry of [
    "app",
    "server",
    "scripts",
    "content",
    "public",
    "remix.config.js",
    "remix.env.d.ts",
    "tsconfig.json",
    "package.json",
    // The production build, as where a production server runs: npm run dev leaves it alone.
    "build",
  ]) {
    cpSync(path.join(ROOT, entry), path.join(project, entry), { recursive: true });
  }
  productionBuild = buildFiles();
  symlinkSync(path.join(ROOT, "node_modules"), path.join(project, "node_modules"), "dir");
  // The home page's headline test running, as a marketer would have it while writing.
  writeRunningExperimentContent(path.join(project, "content"), {
    source: path.join(ROOT, "content"),
  });
  expect(readPage().components[0]!.data.content.h1).toBe(H1);

  DEV_PORT = await freePortPair();
  DEV_SOCKET_PORT = DEV_PORT + 1;
  ORIGIN = `http://localhost:${DEV_PORT}`;
  const { DEV_PORT: _unset, ...environment } = process.env;
  dev = spawn("npm", ["run", "dev"], {
    cwd: project,
    env: { ...environment, PORT: String(DEV_PORT), CLICK_LEDGER: "false" },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  dev.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  dev.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  await expect
    .poll(
      () =>
        fetch(`${ORIGIN}/`).then(
          (response) => response.status,
          () => 0,
        ),
      { timeout: DEV_START, intervals: [500] },
    )
    .toBe(200);
});

test.afterAll(() => {
  if (dev?.pid) {
    try {
      process.kill(-dev.pid, "SIGTERM");
    } catch {
      // already gone
    }
  }
  if (project) rmSync(project, { recursive: true, force: true });
});

type PageFile = {
  slug: string;
  meta: { title: string; description: string };
  components: { component_id: number; data: { content: Record<string, unknown> } }[];
};

function readPage(): PageFile {
  return JSON.parse(readFileSync(vipFile(), "utf8")) as PageFile;
}

/** Writes vip.json in place with `edit` applied, as most editors save. */
function saveVip(edit: (page: PageFile) => void) {
  const page = readPage();
  edit(page);
  writeFileSync(vipFile(), JSON.stringify(page, null, 2));
}

/** Writes vip.json as vim, JetBrains or `sed -i` do: a new file renamed over the original. */
function saveVipAtomically(edit: (page: PageFile) => void) {
  const page = readPage();
  edit(page);
  const temporary = `${vipFile()}.tmp`;
  writeFileSync(temporary, JSON.stringify(page, null, 2));
  renameSync(temporary, vipFile());
}

const setH1 = (h1: string) => (page: PageFile) => {
  page.components[0]!.data.content.h1 = h1;
};

const problemsHeading = (page: Page) =>
  page.getByRole("heading", { name: "El contenido tiene errores" });

/** Opens /vip and waits until the app runs in it (it then listens for saves). */
async function openVip(page: Page) {
  await page.goto(`${ORIGIN}/vip`);
  await page.locator("html[data-hydrated='true']").waitFor({ state: "attached" });
  await expect(page.locator("h1")).toHaveText(H1);
}

test("a saved edit, a mistake and its fix show in the open page by themselves", async ({
  page,
}) => {
  test.setTimeout(timeFor(5));
  await openVip(page);
  // Survives only if the page is never reloaded.
  await page.evaluate(() => Object.assign(window, { __sameDocument: true }));

  saveVip(setH1("Club VIP, editado en vivo"));
  await expect(page.locator("h1")).toHaveText("Club VIP, editado en vivo", {
    timeout: SAVE_SHOWN,
  });
  expect(await page.evaluate(() => "__sameDocument" in window)).toBe(true);

  saveVip(setH1(""));
  await expect(problemsHeading(page)).toBeVisible({ timeout: SAVE_SHOWN });
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await expect(page.getByRole("listitem").first()).toContainText(
    "content/pages/vip.json: components[0].data.content.h1: ",
  );
  const answer = await fetch(`${ORIGIN}/bonos`);
  expect(answer.status).toBe(500);
  expect(answer.headers.get("x-robots-tag")).toBe("noindex");
  expect(await answer.text()).toContain('<meta name="robots" content="noindex">');
  // The terminal printed the same list once, in Spanish, without a stack trace.
  await expect.poll(() => output).toContain("components[0].data.content.h1: ");
  expect(output).toContain("[contenido] El contenido tiene errores:");
  expect(output.match(/vip\.json: components\[0\]\.data\.content\.h1: /g)).toHaveLength(1);
  expect(output).not.toMatch(/^\s+at /m);

  saveVip(setH1(H1));
  await expect(page.locator("h1")).toHaveText(H1, { timeout: SAVE_SHOWN });
  await expect.poll(() => output).toContain("[contenido] El contenido vuelve a ser válido.");

  writeFileSync(vipFile(), readFileSync(vipFile(), "utf8").replace("{", "{,"));
  await expect(page.getByRole("listitem").first()).toContainText("content/pages/vip.json: ", {
    timeout: SAVE_SHOWN,
  });
  writeFileSync(vipFile(), readFileSync(vipFile(), "utf8").replace("{,", "{"));
  await expect(page.locator("h1")).toHaveText(H1, { timeout: SAVE_SHOWN });
});

test("the problems page shows the problems of the last save, not the first", async ({ page }) => {
  test.setTimeout(timeFor(3));
  await openVip(page);
  const problems = page.getByRole("listitem");

  saveVip(setH1(""));
  await expect(problemsHeading(page)).toBeVisible({ timeout: SAVE_SHOWN });
  await expect(problems.first()).toContainText("components[0].data.content.h1: ");

  // A second mistake, the first one fixed: the list follows while the content stays invalid.
  saveVip((vip) => {
    vip.components[0]!.data.content.h1 = H1;
    vip.meta.title = "";
  });
  await expect(problems.first()).toContainText("content/pages/vip.json: meta.title: ", {
    timeout: SAVE_SHOWN,
  });
  await expect(page.getByText("components[0].data.content.h1")).toHaveCount(0);

  saveVip((vip) => {
    vip.meta.title = "Club VIP de Brisamar Casino: niveles y ventajas";
  });
  await expect(page.locator("h1")).toHaveText(H1, { timeout: SAVE_SHOWN });
});

test("saves by renaming a temporary file over the page file keep showing, as do saves after them", async ({
  page,
}) => {
  test.setTimeout(timeFor(4));
  await openVip(page);

  saveVipAtomically(setH1(""));
  await expect(problemsHeading(page)).toBeVisible({ timeout: SAVE_SHOWN });

  // The fix, written in place after the rename: the page must leave the problems.
  saveVip(setH1("Club VIP, tras un guardado atómico"));
  await expect(page.locator("h1")).toHaveText("Club VIP, tras un guardado atómico", {
    timeout: SAVE_SHOWN,
  });

  saveVipAtomically(setH1("Club VIP, segundo guardado atómico"));
  await expect(page.locator("h1")).toHaveText("Club VIP, segundo guardado atómico", {
    timeout: SAVE_SHOWN,
  });

  saveVip(setH1(H1));
  await expect(page.locator("h1")).toHaveText(H1, { timeout: SAVE_SHOWN });
});

test("a new page file is a page, and its advice shows in the dev panel", async ({ page }) => {
  test.setTimeout(timeFor(1));
  const ruleta = readPage();
  ruleta.slug = "/ruleta";
  ruleta.meta.title = "Ruleta online en Brisamar Casino: mesas, reglas y límites para jugar bien";
  ruleta.meta.description = "La ruleta de Brisamar Casino.";
  ruleta.components[0]!.data.content.h1 = "Ruleta online";
  writeFileSync(
    path.join(project, "content", "pages", "ruleta.json"),
    JSON.stringify(ruleta, null, 2),
  );
  await expect
    .poll(() => fetch(`${ORIGIN}/ruleta`).then((response) => response.status), {
      timeout: SAVE_SHOWN,
    })
    .toBe(200);
  await page.goto(`${ORIGIN}/ruleta`);
  await expect(page.locator("h1")).toHaveText("Ruleta online");
  const panel = page.getByRole("complementary", { name: "Consejos de contenido" });
  await panel.getByText(/Consejos de contenido: \d+/).click();
  await expect(panel).toContainText("content/pages/ruleta.json: meta.title: ");
  await expect(panel).toContainText("content/pages/ruleta.json: meta.description: ");
  await expect(panel).toContainText('"/ruleta"');
});

test("nothing is kept while developing: / (under its experiment) shows every save too", async () => {
  // Outside development, `/` under its running experiment is kept a minute by the browser
  // ("private, max-age=60"): the open tab's live reload would fetch the kept data.
  for (const target of ["/", "/?_data=index___en", "/vip"]) {
    const answer = await fetch(`${ORIGIN}${target}`);
    expect(answer.status, target).toBe(200);
    expect(answer.headers.get("cache-control"), target).toBe("no-store");
  }
});

test("npm run dev says which port remix dev's live reload takes, and takes that one", async () => {
  expect(output).toContain(`remix dev (live reload): http://localhost:${DEV_SOCKET_PORT}/`);
  await new Promise<void>((resolve, reject) => {
    const socket = connect(DEV_SOCKET_PORT, "localhost", () => {
      socket.end();
      resolve();
    });
    socket.on("error", reject);
  });
});

type HeapTrend = { saves: number; bytesPerSave: number; contentCopyBytes: number; ratio: number };

/** Runs scripts/dev-reload-heap.ts on a copy of the content; its trend, as it printed it. */
async function heapTrend(saves: number, flags: string[] = []): Promise<HeapTrend> {
  // A copy of the content, so the dev server's own watcher does not read each save too.
  const content = `content-heap${flags.join("")}`;
  cpSync(path.join(project, "content"), path.join(project, content), { recursive: true });
  const run = spawn(
    process.execPath,
    ["--expose-gc", "--import", "tsx", "scripts/dev-reload-heap.ts", String(saves), ...flags],
    {
      cwd: project,
      env: {
        ...process.env,
        NODE_ENV: "development",
        CONTENT_DIR: content,
        CLICK_LEDGER: "false",
      },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let text = "";
  run.stdout!.on("data", (chunk: Buffer) => (text += chunk.toString()));
  run.stderr!.on("data", (chunk: Buffer) => (text += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => run.on("exit", resolve));
  expect(code, text).toBe(0);
  const last = text.trim().split("\n").at(-1)!;
  console.log(`[dev-loop] heap over ${saves} saves ${flags.join(" ")}: ${last}`);
  const trend = JSON.parse(last) as HeapTrend;
  expect(trend.saves).toBe(saves);
  expect(trend.contentCopyBytes, "a copy of the content weighs something").toBeGreaterThan(0);
  return trend;
}

test(`${HEAP_SAVES} content saves leave the heap flat (a trend under ${MAX_KEPT_PER_SAVE} of a content copy per save)`, async () => {
  test.setTimeout(60_000 + HEAP_SAVES * HEAP_SAVE_TIME);
  const trend = await heapTrend(HEAP_SAVES);
  expect(trend.ratio).toBeLessThan(MAX_KEPT_PER_SAVE);
});

test("the heap measure sees a leak: saves that each keep a copy of the content", async () => {
  test.setTimeout(60_000 + LEAK_SAVES * HEAP_SAVE_TIME);
  const trend = await heapTrend(LEAK_SAVES, ["--leak"]);
  expect(trend.ratio).toBeGreaterThan(MAX_KEPT_PER_SAVE);
});

test("npm run dev builds into .dev/ and leaves the production build alone: npm start serves it", async () => {
  test.setTimeout(120_000);
  expect(existsSync(path.join(project, ".dev/build/index.js"))).toBe(true);
  expect(readdirSync(path.join(project, ".dev/public/build")).length).toBeGreaterThan(0);
  const now = buildFiles();
  expect([...now.keys()].sort()).toEqual([...productionBuild.keys()].sort());
  for (const [file, bytes] of productionBuild) expect(now.get(file) === bytes, file).toBe(true);

  // npm start, beside npm run dev, serves the production build and its scripts.
  const startPort = await freePort();
  const start = spawn("npm", ["start"], {
    cwd: project,
    env: { ...process.env, PORT: String(startPort), NODE_ENV: "production", CLICK_LEDGER: "false" },
    stdio: "ignore",
    detached: true,
  });
  try {
    const origin = `http://localhost:${startPort}`;
    await expect
      .poll(
        () =>
          fetch(`${origin}/`).then(
            (answer) => answer.status,
            () => 0,
          ),
        {
          timeout: 90_000,
        },
      )
      .toBe(200);
    const html = await (await fetch(`${origin}/`)).text();
    const scripts = [...html.matchAll(/(?:src|href)="(\/build\/[^"]+\.js)"/g)].map((m) => m[1]!);
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) {
      expect((await fetch(`${origin}${script}`)).status, script).toBe(200);
    }
  } finally {
    process.kill(-start.pid!, "SIGTERM");
  }
});
