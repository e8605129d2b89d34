/**
 * The reference of `npm run bench`: a bare node:http handler that answers every request
 * with the same precompressed bytes the site's server sends for its home page, with the
 * same headers (as the bench recorded them). Nothing more: this is what Node itself can
 * do for this answer. A POST is answered 204 once its body is read, with the headers of
 * the site's answer to a page view's beacon when the bench recorded them (beacon.headers.json,
 * scripts/bench-views.ts): Node's own cost of a beacon.
 * Usage: node scripts/bench-bare-server.mjs <port> <directory with index.html{,.gz,.br}>
 */
import { existsSync, readFileSync } from "node:fs";
import { createServer } from "node:http";
import path from "node:path";

const [port, directory] = process.argv.slice(2);
const read = (name) => readFileSync(path.join(directory, name));
const bodies = {
  identity: read("index.html"),
  gzip: read("index.html.gz"),
  br: read("index.html.br"),
};
const files = { identity: "index.html", gzip: "index.html.gz", br: "index.html.br" };
/** Per connection, not per answer: Node writes these itself. */
const HOP_BY_HOP = new Set(["date", "connection", "keep-alive", "transfer-encoding"]);
const headers = (file) =>
  Object.entries(JSON.parse(read(file).toString()))
    .filter(([name]) => !HOP_BY_HOP.has(name))
    .flatMap(([name, value]) =>
      Array.isArray(value) ? value.flatMap((v) => [name, v]) : [name, value],
    );
const prepared = Object.fromEntries(
  Object.keys(bodies).map((name) => [name, headers(`${files[name]}.headers.json`)]),
);
const beacon = existsSync(path.join(directory, "beacon.headers.json"))
  ? headers("beacon.headers.json")
  : [];

createServer((req, res) => {
  if (req.method === "POST") {
    req.resume();
    req.on("end", () => {
      res.writeHead(204, beacon);
      res.end();
    });
    return;
  }
  const accepted = req.headers["accept-encoding"] ?? "";
  const encoding = accepted.includes("br") ? "br" : accepted.includes("gzip") ? "gzip" : "identity";
  res.writeHead(200, prepared[encoding]);
  res.end(bodies[encoding]);
}).listen(Number(port), "127.0.0.1");
