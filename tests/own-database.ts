/**
 * A PostgreSQL database of a test's own in the tests' cluster (tests/postgres.ts), so its
 * rows meet no other test's: created empty, with a new name at every call.
 *
 * A new name, not the last one dropped and made again: node-postgres's `pool.end()`
 * resolves before its connections have closed, so a `drop … with (force)` of the previous
 * test's database could still find one and terminate it, and that connection would report
 * the termination as an error after its test had passed.
 */
import pg from "pg";

let made = 0;

export async function ownPostgresDatabase(url: string, name: string): Promise<string> {
  const database = `${name}_${process.pid}_${++made}`;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // Left by an earlier run against the same server (TEST_DATABASE_URL), if any.
    await client.query(`drop database if exists ${database} with (force)`);
    await client.query(`create database ${database}`);
  } finally {
    await client.end();
  }
  const own = new URL(url);
  own.pathname = `/${database}`;
  return own.toString();
}
