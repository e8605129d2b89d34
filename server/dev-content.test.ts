import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

import { afterEach, describe, expect, it } from "vitest";

import { DEV_EVENTS_PATH, DevContent, problemsPage } from "./dev-content";
import { inspectRequest } from "./request-guard";

/** A build's facade whose reloadContent fails with these problems, or succeeds (null). */
function buildReading(next: () => string[] | null) {
  const reloadContent = () => {
    const problems = next();
    if (problems) throw Object.assign(new Error("invalid"), { name: "ContentError", problems });
  };
  return { reloadContent };
}

let server: Server | undefined;
afterEach(() => {
  server?.closeAllConnections();
  server?.close();
});

/** Serves devContent and opens its event stream; returns the events read so far. */
async function listen(devContent: DevContent) {
  server = createServer((req, res) => {
    inspectRequest(req);
    devContent.handle(req, res, () => res.end("site"));
  });
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const response = await fetch(`http://127.0.0.1:${port}${DEV_EVENTS_PATH}`);
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let text = "";
  const events = () => [...text.matchAll(/^event: (\w+)\ndata: (.*)$/gm)].map((m) => [m[1], m[2]]);
  /** Reads the stream until it holds `count` events. */
  const until = async (count: number) => {
    while (events().length < count) {
      const { value, done } = await reader.read();
      if (done) throw new Error(`stream ended after: ${text}`);
      text += value;
    }
    return events();
  };
  return { until, port };
}

describe("DevContent", () => {
  it("tells a tab of every save, valid or not, and of the state as it connects", async () => {
    const saves = [["a.json: h1: vacío"], ["a.json: meta.title: vacío"], null];
    const devContent = new DevContent(() => {});
    const build = buildReading(() => saves.shift()!);
    devContent.read(build);
    const stream = await listen(devContent);
    const [state] = await stream.until(1);
    expect(state![0]).toBe("state");
    expect(JSON.parse(state![1]!).problems).toMatch(/^[0-9a-f]{16}$/);

    devContent.read(build);
    devContent.read(build);
    expect((await stream.until(3)).slice(1).map(([event]) => event)).toEqual([
      "problems",
      "content",
    ]);
  });

  it("serves the problems of the last save, in Spanish, naming the set it shows", async () => {
    const saves = [["a.json: h1: primero"], ["a.json: meta.title: segundo"]];
    const devContent = new DevContent(() => {});
    const build = buildReading(() => saves.shift()!);
    devContent.read(build);
    const first = devContent.problems!;
    devContent.read(build);
    const { port } = await listen(devContent);
    const page = await (await fetch(`http://127.0.0.1:${port}/vip`)).text();
    expect(page).toContain('<html lang="es">');
    expect(page).toContain("El contenido tiene errores");
    expect(page).toContain("a.json: meta.title: segundo");
    expect(page).not.toContain("primero");
    expect(page).not.toContain(problemsPage(first).match(/data-problems="(\w+)"/)![1]);
  });

  it("prints the problems in Spanish once per set, and when they are fixed", () => {
    const printed: string[] = [];
    const saves = [["a.json: h1: vacío"], ["a.json: h1: vacío"], null];
    const devContent = new DevContent((text) => printed.push(text));
    const build = buildReading(() => saves.shift()!);
    devContent.read(build);
    devContent.read(build);
    devContent.read(build);
    expect(printed).toEqual([
      "[contenido] El contenido tiene errores:\n  - a.json: h1: vacío",
      "[contenido] El contenido vuelve a ser válido.",
    ]);
  });
});
