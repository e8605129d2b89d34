/**
 * A PostgreSQL database of a test file's own in the tests' throwaway cluster
 * (tests/postgres.ts provides its URL): created afresh, so rows of other files running in
 * parallel never mix with the rows a test counts.
 */
import pg from "pg";

/** Creates (or re-creates) `name_<pid>` on the cluster at `url` and returns its URL. */
export async function ownPostgresDatabase(url: string, name: string): Promise<string> {
  const database = `${name}_${process.pid}`;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`drop database if exists ${database}`);
    await client.query(`create database ${database}`);
  } finally {
    await client.end();
  }
  const own = new URL(url);
  own.pathname = `/${database}`;
  return own.toString();
}
