/**
 * A PostgreSQL database of a test file's own in the tests' cluster (tests/postgres.ts), so
 * its rows meet no other file's: created empty (dropped first if a previous run left it).
 */
import pg from "pg";

export async function ownPostgresDatabase(url: string, name: string): Promise<string> {
  const database = `${name}_${process.pid}`;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`drop database if exists ${database} with (force)`);
    await client.query(`create database ${database}`);
  } finally {
    await client.end();
  }
  const own = new URL(url);
  own.pathname = `/${database}`;
  return own.toString();
}
