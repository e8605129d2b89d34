/**
 * Vitest global setup: a throwaway PostgreSQL cluster (tests/postgres-cluster.ts) for the
 * click ledger's tests, or the server TEST_DATABASE_URL names.
 */
import type { TestProject } from "vitest/node";

import { startCluster } from "./postgres-cluster";

declare module "vitest" {
  export interface ProvidedContext {
    databaseUrl: string;
  }
}

export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) {
    project.provide("databaseUrl", process.env.TEST_DATABASE_URL);
    return;
  }
  const cluster = await startCluster();
  project.provide("databaseUrl", cluster.url);
  return () => cluster.destroy();
}
