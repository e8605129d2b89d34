import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";

import { describe, expect, it } from "vitest";

import { MINIMUM_NODE_MAJOR, runtimeProblem } from "./runtime";

describe("the server's runtime", () => {
  it("refuses Node 20, naming the binary and its version", () => {
    const problem = runtimeProblem("v20.20.2", "/usr/bin/node");
    expect(problem).toContain("/usr/bin/node is Node v20.20.2");
    expect(problem).toContain("Node 24 or later");
  });

  it("accepts the LTS lines from 24 on", () => {
    expect(runtimeProblem("v24.21.0", "node")).toBeNull();
    expect(runtimeProblem("v26.12.1", "node")).toBeNull();
  });

  it("has the floor package.json's engines declares", () => {
    const pkg = JSON.parse(readFileSync("package.json", "utf8")) as { engines: { node: string } };
    expect(pkg.engines.node).toBe(`>=${MINIMUM_NODE_MAJOR}`);
  });

  it("runs the tests, and the `node` they spawn, on a supported Node", () => {
    expect(runtimeProblem(process.version, process.execPath)).toBeNull();
    const spawned = spawnSync("node", ["-p", "process.version"], { encoding: "utf8" });
    expect(runtimeProblem(spawned.stdout.trim(), "node")).toBeNull();
  });
});
