import { readFileSync } from "node:fs";

import { describe, expect, it } from "vitest";

import { NGINX_TEMPLATE, renderNginxConfig } from "./topology";

const template = readFileSync(NGINX_TEMPLATE, "utf8");
const values = {
  BRISAMAR_LISTEN: "127.0.0.1:8080",
  BRISAMAR_SERVER_NAME: "localhost",
  BRISAMAR_UPSTREAM_SERVERS: "server 127.0.0.1:8081; server 127.0.0.1:8082;",
  BRISAMAR_CACHE_DIR: "/tmp/cache",
};

describe("the deployed nginx template", () => {
  it("takes exactly the four placeholders deploy/README.md gives envsubst", () => {
    const names = new Set([...template.matchAll(/\$\{(BRISAMAR_[A-Z_]+)\}/g)].map((m) => m[1]));
    expect([...names].sort()).toEqual(Object.keys(values).sort());
    const readme = readFileSync("deploy/README.md", "utf8");
    for (const name of names) expect(readme).toContain(`$${name}`);
  });

  it("renders every placeholder and leaves nginx's own variables alone", () => {
    const rendered = renderNginxConfig(template, values);
    expect(rendered).not.toMatch(/\$\{/);
    expect(rendered).toContain("listen 127.0.0.1:8080;");
    expect(rendered).toContain("server 127.0.0.1:8081; server 127.0.0.1:8082;");
    expect(rendered).toContain("$brisamar_path|$brisamar_encoding");
  });

  it("refuses to render with a placeholder left without a value", () => {
    const { BRISAMAR_CACHE_DIR: _dropped, ...missing } = values;
    expect(() => renderNginxConfig(template, missing)).toThrow(/BRISAMAR_CACHE_DIR/);
  });
});
