/**
 * The ledger's migrations are frozen: each file imports only Kysely, and a fresh database
 * gets the same schema whatever the live code says (here, the live dimensions gain one).
 * The schema below is what every database of the ledger has; a migration that changes it
 * changes this test.
 */
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import SQLite from "better-sqlite3";
import { Kysely, PostgresDialect, sql, SqliteDialect } from "kysely";
import pg from "pg";
import { describe, expect, inject, it, vi } from "vitest";

import { clickBeforeOffers } from "../../tests/click-record";
import { ownPostgresDatabase } from "../../tests/own-database";
import { saltsIn } from "../../tests/salt-search";

import { VisitorKeys } from "~/clicks/click-record.server";

import { addPrints, isSampled } from "./visitor-prints";
import { ledgerMigrator, migrateToLatest, migrations } from "./migrate.server";
import type { Database } from "./schema";

// The live list gains a dimension: a migration that read it would add an index and a backfill.
vi.mock("./dimensions", async (importOriginal) => {
  const live = await importOriginal<typeof import("./dimensions")>();
  const DIMENSIONS = { ...live.DIMENSIONS, browser: { column: "browser", label: "Navegador" } };
  return { ...live, DIMENSIONS, DIMENSION_NAMES: Object.keys(DIMENSIONS) };
});

const folder = path.join(import.meta.dirname, "migrations");
const files = readdirSync(folder).filter((file) => file.endsWith(".ts"));

/** The module specifiers a source file imports or requires, statically or dynamically. */
function importsOf(source: string): string[] {
  const found = [
    ...source.matchAll(/\bfrom\s+["']([^"']+)["']/g),
    ...source.matchAll(/\bimport\s*\(\s*["']([^"']+)["']/g),
    ...source.matchAll(/\bimport\s+["']([^"']+)["']/g),
    ...source.matchAll(/\brequire\s*\(\s*["']([^"']+)["']/g),
  ];
  return found.map((match) => match[1]!);
}

describe("the ledger's migrations", () => {
  it("are one file each, run in file-name order under their file's name", () => {
    expect(files.map((file) => file.replace(/\.ts$/, ""))).toEqual(
      Object.keys(migrations("sqlite")),
    );
  });

  it.each(files)("%s imports nothing of the application, only Kysely", (file) => {
    const source = readFileSync(path.join(folder, file), "utf8");
    // Kysely's builders, and the Migration type from its own entry (kysely/migration).
    expect(importsOf(source)).toEqual(["kysely", "kysely/migration"]);
  });
});

const memoryDatabase = () =>
  new Kysely<Database>({ dialect: new SqliteDialect({ database: new SQLite(":memory:") }) });

async function sqliteSchema(): Promise<string[]> {
  const db = memoryDatabase();
  try {
    await migrateToLatest(db, "sqlite");
    const rows = await sql<{ sql: string }>`select sql from sqlite_master where sql is not null
      and name not like 'clicks_migrations%' order by name`.execute(db);
    return rows.rows.map((row) => row.sql.replace(/\s+/g, " "));
  } finally {
    await db.destroy();
  }
}

async function postgresSchema(): Promise<string[]> {
  const admin = new pg.Client({ connectionString: inject("databaseUrl") });
  const name = `migrate_${process.pid}_${Date.now()}`;
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(inject("databaseUrl"));
  url.pathname = `/${name}`;
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url.href, max: 1 }) }),
  });
  try {
    await migrateToLatest(db, "postgres");
    const columns = await sql<{ line: string }>`select table_name || '.' || column_name || ' '
      || data_type || coalesce('(' || character_maximum_length || ')', '')
      || case when is_nullable = 'NO' then ' not null' else '' end as line
      from information_schema.columns where table_schema = 'public'
      and table_name not like 'clicks_migrations%' order by table_name, ordinal_position`.execute(
      db,
    );
    const indexes = await sql<{ line: string }>`select indexdef as line from pg_indexes
      where schemaname = 'public' and tablename not like 'clicks_migrations%'
      order by indexname`.execute(db);
    const unlogged = await sql<{ line: string }>`select 'unlogged ' || relname as line
      from pg_class where relpersistence = 'u' and relkind = 'r' order by relname`.execute(db);
    return [...columns.rows, ...indexes.rows, ...unlogged.rows].map((row) => row.line);
  } finally {
    await db.destroy();
    await admin.query(`drop database ${name}`);
    await admin.end();
  }
}

describe("a fresh database after the migrations", () => {
  it("on SQLite has exactly the ledger's tables and indexes", async () => {
    expect(await sqliteSchema()).toMatchInlineSnapshot(`
      [
        "CREATE TABLE "accounts" ("email" varchar(254) primary key, "name" varchar(120) not null, "role" varchar(12) not null, "password_hash" varchar(200) not null, "created_at" bigint not null, "disabled_at" bigint)",
        "CREATE TABLE "alert_incidents" ("id" integer primary key autoincrement, "kind" varchar(40) not null, "subject" varchar(2048) not null, "details" text not null, "opened_at" bigint not null, "resolved_at" bigint, "sent_open" smallint default 0 not null, "sent_resolved" smallint default 0 not null)",
        "CREATE UNIQUE INDEX "alert_incidents_open" on "alert_incidents" ("kind", "subject") where "resolved_at" is null",
        "CREATE INDEX "alert_incidents_opened_at" on "alert_incidents" ("opened_at")",
        "CREATE TABLE "audit_log" ("id" integer primary key autoincrement, "at" bigint not null, "actor" varchar(254) not null, "action" varchar(40) not null, "target" varchar(300) not null, "detail" varchar(1000) default '' not null)",
        "CREATE TABLE "click_daily" ("day" varchar(10) not null, "dimension" varchar(10) not null, "value" varchar(2048) not null, "is_bot" smallint not null, "clicks" bigint not null, constraint "click_daily_key" primary key ("day", "dimension", "value", "is_bot"))",
        "CREATE TABLE "click_filter_daily" ("day" varchar(10) not null, "filter_dimension" varchar(10) not null, "filter_value" varchar(2048) not null, "dimension" varchar(10) not null, "value" varchar(2048) not null, "is_bot" smallint not null, "clicks" bigint not null, constraint "click_filter_daily_key" primary key ("filter_dimension", "filter_value", "day", "dimension", "value", "is_bot"))",
        "CREATE INDEX "click_filter_daily_day" on "click_filter_daily" ("day")",
        "CREATE TABLE "click_offer_combination_daily" ("day" varchar(10) not null, "link_id" varchar(120) not null, "page" varchar(256) not null, "utm_campaign" varchar(100) not null, "utm_source" varchar(100) not null, "referrer" varchar(253) not null, "country" varchar(2) not null, "device" varchar(10) not null, "offer" varchar(100) not null, "is_bot" smallint not null, "clicks" bigint not null, "visitors" text default '' not null, "sampled" text default '' not null, constraint "click_offer_combination_daily_key" primary key ("day", "link_id", "page", "utm_campaign", "utm_source", "referrer", "country", "device", "offer", "is_bot"))",
        "CREATE TABLE "clicks" ("id" integer primary key autoincrement, "at" bigint not null, "day" varchar(10) not null, "link_id" varchar(120) not null, "destination" varchar(2048) not null, "page" varchar(256) not null, "utm_source" varchar(100), "utm_medium" varchar(100), "utm_campaign" varchar(100), "utm_content" varchar(100), "utm_term" varchar(100), "gclid" varchar(100), "fbclid" varchar(100), "subid" varchar(100), "country" varchar(2), "device" varchar(10) not null, "browser" varchar(40) not null, "is_bot" smallint not null, "visitor" varchar(32) not null, "click_id" varchar(32), "referrer" varchar(253), "variants" varchar(512), "offer" varchar(100), "fallback" smallint default 0 not null)",
        "CREATE INDEX "clicks_at" on "clicks" ("at")",
        "CREATE UNIQUE INDEX "clicks_click_id" on "clicks" ("click_id")",
        "CREATE INDEX "clicks_country_day" on "clicks" ("country", "day")",
        "CREATE INDEX "clicks_day" on "clicks" ("day", "is_bot")",
        "CREATE INDEX "clicks_device_day" on "clicks" ("device", "day")",
        "CREATE INDEX "clicks_fallback_at" on "clicks" ("at") where "fallback" = 1",
        "CREATE INDEX "clicks_link_id_day" on "clicks" ("link_id", "day")",
        "CREATE INDEX "clicks_page_day" on "clicks" ("page", "day")",
        "CREATE INDEX "clicks_referrer_day" on "clicks" ("referrer", "day")",
        "CREATE INDEX "clicks_subid_cover" on "clicks" ("subid", "day", "is_bot", "visitor")",
        "CREATE INDEX "clicks_utm_campaign_day" on "clicks" ("utm_campaign", "day")",
        "CREATE INDEX "clicks_utm_source_day" on "clicks" ("utm_source", "day")",
        "CREATE INDEX "clicks_variants_day" on "clicks" ("day", "variants", "is_bot")",
        "CREATE TABLE "content_drafts" ("document" varchar(200) primary key, "data" text not null, "version" integer not null, "base_revision" bigint, "at" bigint not null, "author" varchar(200) not null)",
        "CREATE TABLE "content_files" ("document" varchar(200) primary key, "hash" varchar(64) not null, "revision" bigint not null)",
        "CREATE TABLE "content_revisions" ("id" integer primary key autoincrement, "document" varchar(200) not null, "data" text, "at" bigint not null, "author" varchar(200) not null, "message" varchar(500) default '' not null, "source" varchar(20) not null, "path" varchar(200))",
        "CREATE INDEX "content_revisions_document" on "content_revisions" ("document", "id")",
        "CREATE INDEX "content_revisions_path" on "content_revisions" ("path", "document")",
        "CREATE TABLE "content_schedule" ("document" varchar(200) primary key, "publish_at" bigint not null, "author" varchar(254) not null, "message" varchar(500) default '' not null)",
        "CREATE TABLE "conversion_daily" ("day" varchar(10) not null, "dimension" varchar(10) not null, "value" varchar(2048) not null, "event" varchar(12) not null, "currency" varchar(3) not null, "conversions" bigint not null, "amount_cents" bigint not null, constraint "conversion_daily_key" primary key ("day", "dimension", "value", "event", "currency"))",
        "CREATE TABLE "conversion_filter_daily" ("filter_dimension" varchar(10) not null, "filter_value" varchar(2048) not null, "day" varchar(10) not null, "dimension" varchar(10) not null, "value" varchar(2048) not null, "event" varchar(12) not null, "currency" varchar(3) not null, "conversions" bigint not null, "amount_cents" bigint not null, constraint "conversion_filter_daily_key" primary key ("filter_dimension", "filter_value", "day", "dimension", "value", "event", "currency"))",
        "CREATE INDEX "conversion_filter_daily_day" on "conversion_filter_daily" ("day")",
        "CREATE TABLE "conversions" ("id" integer primary key autoincrement, "at" bigint not null, "day" varchar(10) not null, "event" varchar(12) not null, "amount_cents" bigint not null, "currency" varchar(3) not null, "txid" varchar(100), "dedup_key" varchar(255) not null unique, "click_id" varchar(64) not null, "orphan" smallint not null, "origin" varchar(10) not null, "click_at" bigint, "link_id" varchar(120) not null, "page" varchar(256) not null, "utm_source" varchar(100), "utm_campaign" varchar(100), "subid" varchar(100), "country" varchar(2), "device" varchar(10) not null, "referrer" varchar(253), "variants" varchar(512), "offer" varchar(100), "counted" smallint default 1 not null)",
        "CREATE INDEX "conversions_at" on "conversions" ("at")",
        "CREATE INDEX "conversions_click_id" on "conversions" ("click_id")",
        "CREATE INDEX "conversions_day" on "conversions" ("day")",
        "CREATE INDEX "conversions_to_count" on "conversions" ("id") where "counted" = 0",
        "CREATE INDEX "conversions_variants_day" on "conversions" ("day", "variants")",
        "CREATE TABLE "job_runs" ("name" varchar(40) primary key, "at" bigint not null)",
        "CREATE TABLE "link_check_acceptances" ("url" varchar(2048) primary key, "chain" text not null, "at" bigint not null, "by" varchar(254) not null)",
        "CREATE TABLE "link_checks" ("id" integer primary key autoincrement, "url" varchar(2048) not null, "at" bigint not null, "health" varchar(5) not null, "reasons" text not null, "hops" text not null, "final_host" varchar(253), "click_id_kept" smallint not null, "sub_id_kept" smallint not null, "ms" integer not null)",
        "CREATE INDEX "link_checks_at" on "link_checks" ("at")",
        "CREATE INDEX "link_checks_url_at" on "link_checks" ("url", "at")",
        "CREATE TABLE "login_failures" ("client" varchar(64) not null, "window_start" bigint not null, "failures" integer not null, constraint "login_failures_key" primary key ("client", "window_start"))",
        "CREATE TABLE "media" ("id" varchar(12) primary key, "name" varchar(120) not null, "alt" varchar(300) not null, "width" integer not null, "height" integer not null, "uploaded_bytes" integer not null, "author" varchar(254) not null, "at" bigint not null)",
        "CREATE TABLE "media_files" ("path" varchar(200) primary key, "media" varchar(12) not null, "width" integer not null, "height" integer not null, "content_type" varchar(40) not null, "body" blob not null)",
        "CREATE INDEX "media_files_media" on "media_files" ("media")",
        "CREATE TABLE "not_found_paths" ("day" varchar(10) not null, "path" varchar(200) not null, "hits" bigint not null, constraint "not_found_paths_pk" primary key ("day", "path"))",
        "CREATE TABLE "postback_log" ("id" integer primary key autoincrement, "at" bigint not null, "outcome" varchar(10) not null, "origin" varchar(10) not null, "reason" varchar(40), "event" varchar(40), "click_id" varchar(64), "txid" varchar(100), "amount_cents" bigint, "currency" varchar(3))",
        "CREATE TABLE "saved_views" ("id" integer primary key autoincrement, "owner" varchar(254) not null, "name" varchar(60) not null, "query" varchar(2048) not null, "saved_at" bigint not null)",
        "CREATE UNIQUE INDEX "saved_views_owner_name" on "saved_views" ("owner", "name")",
        "CREATE TABLE "sessions" ("token_hash" varchar(64) primary key, "account" varchar(254) not null, "created_at" bigint not null, "expires_at" bigint not null)",
        "CREATE INDEX "sessions_account" on "sessions" ("account")",
        "CREATE TABLE sqlite_sequence(name,seq)",
        "CREATE TABLE "view_combination_daily" ("day" varchar(10) not null, "page" varchar(256) not null, "utm_source" varchar(100) not null, "utm_campaign" varchar(100) not null, "referrer" varchar(253) not null, "country" varchar(2) not null, "device" varchar(10) not null, "views" bigint not null, "visitors" text default '' not null, "sampled" text default '' not null, constraint "view_combination_daily_key" primary key ("day", "page", "utm_source", "utm_campaign", "referrer", "country", "device"))",
        "CREATE TABLE "view_daily" ("day" varchar(10) not null, "dimension" varchar(10) not null, "value" varchar(2048) not null, "views" bigint not null, "visitors" bigint not null, constraint "view_daily_key" primary key ("day", "dimension", "value"))",
        "CREATE TABLE "view_filter_daily" ("day" varchar(10) not null, "filter_dimension" varchar(10) not null, "filter_value" varchar(2048) not null, "dimension" varchar(10) not null, "value" varchar(2048) not null, "views" bigint not null, constraint "view_filter_daily_key" primary key ("filter_dimension", "filter_value", "day", "dimension", "value"))",
        "CREATE INDEX "view_filter_daily_day" on "view_filter_daily" ("day")",
        "CREATE TABLE "view_visitor_daily" ("day" varchar(10) not null, "page" varchar(256) not null, "visitor" varchar(32) not null, constraint "view_visitor_daily_key" primary key ("day", "page", "visitor"))",
        "CREATE TABLE "views" ("id" integer primary key autoincrement, "at" bigint not null, "day" varchar(10) not null, "page" varchar(256) not null, "utm_source" varchar(100), "utm_medium" varchar(100), "utm_campaign" varchar(100), "referrer" varchar(253), "country" varchar(2), "device" varchar(10) not null, "browser" varchar(40) not null, "visitor" varchar(32) not null, "variants" varchar(512))",
        "CREATE INDEX "views_at" on "views" ("at")",
        "CREATE INDEX "views_variants_day" on "views" ("day", "variants", "visitor")",
        "CREATE TABLE "visitor_daily" ("day" varchar(10) not null, "visitor" varchar(32) not null, constraint "visitor_daily_key" primary key ("day", "visitor"))",
        "CREATE TABLE "written_batches" ("token" varchar(32) primary key, "at" bigint not null)",
        "CREATE INDEX "written_batches_at" on "written_batches" ("at")",
      ]
    `);
  });

  it("on PostgreSQL has exactly the ledger's columns and indexes", async () => {
    expect(await postgresSchema()).toMatchInlineSnapshot(`
      [
        "accounts.email character varying(254) not null",
        "accounts.name character varying(120) not null",
        "accounts.role character varying(12) not null",
        "accounts.password_hash character varying(200) not null",
        "accounts.created_at bigint not null",
        "accounts.disabled_at bigint",
        "alert_incidents.id bigint not null",
        "alert_incidents.kind character varying(40) not null",
        "alert_incidents.subject character varying(2048) not null",
        "alert_incidents.details text not null",
        "alert_incidents.opened_at bigint not null",
        "alert_incidents.resolved_at bigint",
        "alert_incidents.sent_open smallint not null",
        "alert_incidents.sent_resolved smallint not null",
        "audit_log.id bigint not null",
        "audit_log.at bigint not null",
        "audit_log.actor character varying(254) not null",
        "audit_log.action character varying(40) not null",
        "audit_log.target character varying(300) not null",
        "audit_log.detail character varying(1000) not null",
        "click_daily.day character varying(10) not null",
        "click_daily.dimension character varying(10) not null",
        "click_daily.value character varying(2048) not null",
        "click_daily.is_bot smallint not null",
        "click_daily.clicks bigint not null",
        "click_filter_daily.day character varying(10) not null",
        "click_filter_daily.filter_dimension character varying(10) not null",
        "click_filter_daily.filter_value character varying(2048) not null",
        "click_filter_daily.dimension character varying(10) not null",
        "click_filter_daily.value character varying(2048) not null",
        "click_filter_daily.is_bot smallint not null",
        "click_filter_daily.clicks bigint not null",
        "click_offer_combination_daily.day character varying(10) not null",
        "click_offer_combination_daily.link_id character varying(120) not null",
        "click_offer_combination_daily.page character varying(256) not null",
        "click_offer_combination_daily.utm_campaign character varying(100) not null",
        "click_offer_combination_daily.utm_source character varying(100) not null",
        "click_offer_combination_daily.referrer character varying(253) not null",
        "click_offer_combination_daily.country character varying(2) not null",
        "click_offer_combination_daily.device character varying(10) not null",
        "click_offer_combination_daily.offer character varying(100) not null",
        "click_offer_combination_daily.is_bot smallint not null",
        "click_offer_combination_daily.clicks bigint not null",
        "click_offer_combination_daily.visitors text not null",
        "click_offer_combination_daily.sampled text not null",
        "clicks.id bigint not null",
        "clicks.at bigint not null",
        "clicks.day character varying(10) not null",
        "clicks.link_id character varying(120) not null",
        "clicks.destination character varying(2048) not null",
        "clicks.page character varying(256) not null",
        "clicks.utm_source character varying(100)",
        "clicks.utm_medium character varying(100)",
        "clicks.utm_campaign character varying(100)",
        "clicks.utm_content character varying(100)",
        "clicks.utm_term character varying(100)",
        "clicks.gclid character varying(100)",
        "clicks.fbclid character varying(100)",
        "clicks.subid character varying(100)",
        "clicks.country character varying(2)",
        "clicks.device character varying(10) not null",
        "clicks.browser character varying(40) not null",
        "clicks.is_bot smallint not null",
        "clicks.visitor character varying(32) not null",
        "clicks.click_id character varying(32)",
        "clicks.referrer character varying(253)",
        "clicks.variants character varying(512)",
        "clicks.offer character varying(100)",
        "clicks.fallback smallint not null",
        "content_drafts.document character varying(200) not null",
        "content_drafts.data text not null",
        "content_drafts.version integer not null",
        "content_drafts.base_revision bigint",
        "content_drafts.at bigint not null",
        "content_drafts.author character varying(200) not null",
        "content_files.document character varying(200) not null",
        "content_files.hash character varying(64) not null",
        "content_files.revision bigint not null",
        "content_revisions.id bigint not null",
        "content_revisions.document character varying(200) not null",
        "content_revisions.data text",
        "content_revisions.at bigint not null",
        "content_revisions.author character varying(200) not null",
        "content_revisions.message character varying(500) not null",
        "content_revisions.source character varying(20) not null",
        "content_revisions.path character varying(200)",
        "content_schedule.document character varying(200) not null",
        "content_schedule.publish_at bigint not null",
        "content_schedule.author character varying(254) not null",
        "content_schedule.message character varying(500) not null",
        "conversion_daily.day character varying(10) not null",
        "conversion_daily.dimension character varying(10) not null",
        "conversion_daily.value character varying(2048) not null",
        "conversion_daily.event character varying(12) not null",
        "conversion_daily.currency character varying(3) not null",
        "conversion_daily.conversions bigint not null",
        "conversion_daily.amount_cents bigint not null",
        "conversion_filter_daily.filter_dimension character varying(10) not null",
        "conversion_filter_daily.filter_value character varying(2048) not null",
        "conversion_filter_daily.day character varying(10) not null",
        "conversion_filter_daily.dimension character varying(10) not null",
        "conversion_filter_daily.value character varying(2048) not null",
        "conversion_filter_daily.event character varying(12) not null",
        "conversion_filter_daily.currency character varying(3) not null",
        "conversion_filter_daily.conversions bigint not null",
        "conversion_filter_daily.amount_cents bigint not null",
        "conversions.id bigint not null",
        "conversions.at bigint not null",
        "conversions.day character varying(10) not null",
        "conversions.event character varying(12) not null",
        "conversions.amount_cents bigint not null",
        "conversions.currency character varying(3) not null",
        "conversions.txid character varying(100)",
        "conversions.dedup_key character varying(255) not null",
        "conversions.click_id character varying(64) not null",
        "conversions.orphan smallint not null",
        "conversions.origin character varying(10) not null",
        "conversions.click_at bigint",
        "conversions.link_id character varying(120) not null",
        "conversions.page character varying(256) not null",
        "conversions.utm_source character varying(100)",
        "conversions.utm_campaign character varying(100)",
        "conversions.subid character varying(100)",
        "conversions.country character varying(2)",
        "conversions.device character varying(10) not null",
        "conversions.referrer character varying(253)",
        "conversions.variants character varying(512)",
        "conversions.offer character varying(100)",
        "conversions.counted smallint not null",
        "job_runs.name character varying(40) not null",
        "job_runs.at bigint not null",
        "link_check_acceptances.url character varying(2048) not null",
        "link_check_acceptances.chain text not null",
        "link_check_acceptances.at bigint not null",
        "link_check_acceptances.by character varying(254) not null",
        "link_checks.id bigint not null",
        "link_checks.url character varying(2048) not null",
        "link_checks.at bigint not null",
        "link_checks.health character varying(5) not null",
        "link_checks.reasons text not null",
        "link_checks.hops text not null",
        "link_checks.final_host character varying(253)",
        "link_checks.click_id_kept smallint not null",
        "link_checks.sub_id_kept smallint not null",
        "link_checks.ms integer not null",
        "live_salts.day character varying(10) not null",
        "live_salts.salt character varying(64) not null",
        "login_failures.client character varying(64) not null",
        "login_failures.window_start bigint not null",
        "login_failures.failures integer not null",
        "media.id character varying(12) not null",
        "media.name character varying(120) not null",
        "media.alt character varying(300) not null",
        "media.width integer not null",
        "media.height integer not null",
        "media.uploaded_bytes integer not null",
        "media.author character varying(254) not null",
        "media.at bigint not null",
        "media_files.path character varying(200) not null",
        "media_files.media character varying(12) not null",
        "media_files.width integer not null",
        "media_files.height integer not null",
        "media_files.content_type character varying(40) not null",
        "media_files.body bytea not null",
        "not_found_paths.day character varying(10) not null",
        "not_found_paths.path character varying(200) not null",
        "not_found_paths.hits bigint not null",
        "postback_log.id bigint not null",
        "postback_log.at bigint not null",
        "postback_log.outcome character varying(10) not null",
        "postback_log.origin character varying(10) not null",
        "postback_log.reason character varying(40)",
        "postback_log.event character varying(40)",
        "postback_log.click_id character varying(64)",
        "postback_log.txid character varying(100)",
        "postback_log.amount_cents bigint",
        "postback_log.currency character varying(3)",
        "saved_views.id bigint not null",
        "saved_views.owner character varying(254) not null",
        "saved_views.name character varying(60) not null",
        "saved_views.query character varying(2048) not null",
        "saved_views.saved_at bigint not null",
        "sessions.token_hash character varying(64) not null",
        "sessions.account character varying(254) not null",
        "sessions.created_at bigint not null",
        "sessions.expires_at bigint not null",
        "view_combination_daily.day character varying(10) not null",
        "view_combination_daily.page character varying(256) not null",
        "view_combination_daily.utm_source character varying(100) not null",
        "view_combination_daily.utm_campaign character varying(100) not null",
        "view_combination_daily.referrer character varying(253) not null",
        "view_combination_daily.country character varying(2) not null",
        "view_combination_daily.device character varying(10) not null",
        "view_combination_daily.views bigint not null",
        "view_combination_daily.visitors text not null",
        "view_combination_daily.sampled text not null",
        "view_daily.day character varying(10) not null",
        "view_daily.dimension character varying(10) not null",
        "view_daily.value character varying(2048) not null",
        "view_daily.views bigint not null",
        "view_daily.visitors bigint not null",
        "view_filter_daily.day character varying(10) not null",
        "view_filter_daily.filter_dimension character varying(10) not null",
        "view_filter_daily.filter_value character varying(2048) not null",
        "view_filter_daily.dimension character varying(10) not null",
        "view_filter_daily.value character varying(2048) not null",
        "view_filter_daily.views bigint not null",
        "view_visitor_daily.day character varying(10) not null",
        "view_visitor_daily.page character varying(256) not null",
        "view_visitor_daily.visitor character varying(32) not null",
        "views.id bigint not null",
        "views.at bigint not null",
        "views.day character varying(10) not null",
        "views.page character varying(256) not null",
        "views.utm_source character varying(100)",
        "views.utm_medium character varying(100)",
        "views.utm_campaign character varying(100)",
        "views.referrer character varying(253)",
        "views.country character varying(2)",
        "views.device character varying(10) not null",
        "views.browser character varying(40) not null",
        "views.visitor character varying(32) not null",
        "views.variants character varying(512)",
        "visitor_daily.day character varying(10) not null",
        "visitor_daily.visitor character varying(32) not null",
        "written_batches.token character varying(32) not null",
        "written_batches.at bigint not null",
        "CREATE UNIQUE INDEX accounts_pkey ON public.accounts USING btree (email)",
        "CREATE UNIQUE INDEX alert_incidents_open ON public.alert_incidents USING btree (kind, subject) WHERE (resolved_at IS NULL)",
        "CREATE INDEX alert_incidents_opened_at ON public.alert_incidents USING btree (opened_at)",
        "CREATE UNIQUE INDEX alert_incidents_pkey ON public.alert_incidents USING btree (id)",
        "CREATE UNIQUE INDEX audit_log_pkey ON public.audit_log USING btree (id)",
        "CREATE UNIQUE INDEX click_daily_key ON public.click_daily USING btree (day, dimension, value, is_bot)",
        "CREATE INDEX click_filter_daily_day ON public.click_filter_daily USING btree (day)",
        "CREATE UNIQUE INDEX click_filter_daily_key ON public.click_filter_daily USING btree (filter_dimension, filter_value, day, dimension, value, is_bot)",
        "CREATE UNIQUE INDEX click_offer_combination_daily_key ON public.click_offer_combination_daily USING btree (day, link_id, page, utm_campaign, utm_source, referrer, country, device, offer, is_bot)",
        "CREATE INDEX clicks_at ON public.clicks USING btree (at)",
        "CREATE UNIQUE INDEX clicks_click_id ON public.clicks USING btree (click_id)",
        "CREATE INDEX clicks_country_day ON public.clicks USING btree (country, day)",
        "CREATE INDEX clicks_day ON public.clicks USING btree (day, is_bot)",
        "CREATE INDEX clicks_device_day ON public.clicks USING btree (device, day)",
        "CREATE INDEX clicks_fallback_at ON public.clicks USING btree (at) WHERE (fallback = 1)",
        "CREATE INDEX clicks_link_id_day ON public.clicks USING btree (link_id, day)",
        "CREATE INDEX clicks_page_day ON public.clicks USING btree (page, day)",
        "CREATE UNIQUE INDEX clicks_pkey ON public.clicks USING btree (id)",
        "CREATE INDEX clicks_referrer_day ON public.clicks USING btree (referrer, day)",
        "CREATE INDEX clicks_subid_cover ON public.clicks USING btree (subid, day, is_bot, visitor)",
        "CREATE INDEX clicks_utm_campaign_day ON public.clicks USING btree (utm_campaign, day)",
        "CREATE INDEX clicks_utm_source_day ON public.clicks USING btree (utm_source, day)",
        "CREATE INDEX clicks_variants_day ON public.clicks USING btree (day, variants, is_bot)",
        "CREATE UNIQUE INDEX content_drafts_pkey ON public.content_drafts USING btree (document)",
        "CREATE UNIQUE INDEX content_files_pkey ON public.content_files USING btree (document)",
        "CREATE INDEX content_revisions_document ON public.content_revisions USING btree (document, id)",
        "CREATE INDEX content_revisions_path ON public.content_revisions USING btree (path, document)",
        "CREATE UNIQUE INDEX content_revisions_pkey ON public.content_revisions USING btree (id)",
        "CREATE UNIQUE INDEX content_schedule_pkey ON public.content_schedule USING btree (document)",
        "CREATE UNIQUE INDEX conversion_daily_key ON public.conversion_daily USING btree (day, dimension, value, event, currency)",
        "CREATE INDEX conversion_filter_daily_day ON public.conversion_filter_daily USING btree (day)",
        "CREATE UNIQUE INDEX conversion_filter_daily_key ON public.conversion_filter_daily USING btree (filter_dimension, filter_value, day, dimension, value, event, currency)",
        "CREATE INDEX conversions_at ON public.conversions USING btree (at)",
        "CREATE INDEX conversions_click_id ON public.conversions USING btree (click_id)",
        "CREATE INDEX conversions_day ON public.conversions USING btree (day)",
        "CREATE UNIQUE INDEX conversions_dedup_key_key ON public.conversions USING btree (dedup_key)",
        "CREATE UNIQUE INDEX conversions_pkey ON public.conversions USING btree (id)",
        "CREATE INDEX conversions_to_count ON public.conversions USING btree (id) WHERE (counted = 0)",
        "CREATE INDEX conversions_variants_day ON public.conversions USING btree (day, variants)",
        "CREATE UNIQUE INDEX job_runs_pkey ON public.job_runs USING btree (name)",
        "CREATE UNIQUE INDEX link_check_acceptances_pkey ON public.link_check_acceptances USING btree (url)",
        "CREATE INDEX link_checks_at ON public.link_checks USING btree (at)",
        "CREATE UNIQUE INDEX link_checks_pkey ON public.link_checks USING btree (id)",
        "CREATE INDEX link_checks_url_at ON public.link_checks USING btree (url, at)",
        "CREATE UNIQUE INDEX live_salts_pkey ON public.live_salts USING btree (day)",
        "CREATE UNIQUE INDEX login_failures_key ON public.login_failures USING btree (client, window_start)",
        "CREATE INDEX media_files_media ON public.media_files USING btree (media)",
        "CREATE UNIQUE INDEX media_files_pkey ON public.media_files USING btree (path)",
        "CREATE UNIQUE INDEX media_pkey ON public.media USING btree (id)",
        "CREATE UNIQUE INDEX not_found_paths_pk ON public.not_found_paths USING btree (day, path)",
        "CREATE UNIQUE INDEX postback_log_pkey ON public.postback_log USING btree (id)",
        "CREATE UNIQUE INDEX saved_views_owner_name ON public.saved_views USING btree (owner, name)",
        "CREATE UNIQUE INDEX saved_views_pkey ON public.saved_views USING btree (id)",
        "CREATE INDEX sessions_account ON public.sessions USING btree (account)",
        "CREATE UNIQUE INDEX sessions_pkey ON public.sessions USING btree (token_hash)",
        "CREATE UNIQUE INDEX view_combination_daily_key ON public.view_combination_daily USING btree (day, page, utm_source, utm_campaign, referrer, country, device)",
        "CREATE UNIQUE INDEX view_daily_key ON public.view_daily USING btree (day, dimension, value)",
        "CREATE INDEX view_filter_daily_day ON public.view_filter_daily USING btree (day)",
        "CREATE UNIQUE INDEX view_filter_daily_key ON public.view_filter_daily USING btree (filter_dimension, filter_value, day, dimension, value)",
        "CREATE UNIQUE INDEX view_visitor_daily_key ON public.view_visitor_daily USING btree (day, page, visitor)",
        "CREATE INDEX views_at ON public.views USING btree (at)",
        "CREATE UNIQUE INDEX views_pkey ON public.views USING btree (id)",
        "CREATE INDEX views_variants_day ON public.views USING btree (day, variants, visitor)",
        "CREATE UNIQUE INDEX visitor_daily_key ON public.visitor_daily USING btree (day, visitor)",
        "CREATE INDEX written_batches_at ON public.written_batches USING btree (at)",
        "CREATE UNIQUE INDEX written_batches_pkey ON public.written_batches USING btree (token)",
        "unlogged live_salts",
      ]
    `);
  });
});

describe("migration 002 on a ledger that already had clicks", () => {
  it("fills the daily counts of the dimensions it was written with, and no other", async () => {
    const db = memoryDatabase();
    try {
      const migrator = ledgerMigrator(db, "sqlite");
      expect((await migrator.migrateTo("001-clicks")).error).toBeUndefined();
      await db
        .insertInto("clicks")
        .values({
          at: Date.parse("2026-11-20T12:00:00Z"),
          day: "2026-11-20",
          link_id: "home-hero",
          destination: "https://aff.example/r",
          page: "/",
          utm_source: null,
          utm_medium: null,
          utm_campaign: "verano",
          utm_content: null,
          utm_term: null,
          gclid: null,
          fbclid: null,
          subid: null,
          country: "ES",
          device: "mobile",
          browser: "Chrome",
          is_bot: 0,
          visitor: "v1",
        })
        .execute();
      expect((await migrator.migrateTo("002-daily-rollups")).error).toBeUndefined();
      const daily = () =>
        db
          .selectFrom("click_daily")
          .select(["dimension", "value", "clicks"])
          .orderBy("dimension")
          .execute();
      const rows = await daily();
      expect(rows).toEqual([
        { dimension: "campaign", value: "verano", clicks: 1 },
        { dimension: "country", value: "ES", clicks: 1 },
        { dimension: "device", value: "mobile", clicks: 1 },
        { dimension: "link", value: "home-hero", clicks: 1 },
        { dimension: "page", value: "/", clicks: 1 },
        { dimension: "source", value: "", clicks: 1 },
        { dimension: "subid", value: "", clicks: 1 },
      ]);
      // Migration 005 adds the referrer dimension: earlier clicks came from none.
      expect((await migrator.migrateTo("005-page-views")).error).toBeUndefined();
      expect(await daily()).toContainEqual({ dimension: "referrer", value: "", clicks: 1 });
      expect(await daily()).toHaveLength(rows.length + 1);
    } finally {
      await db.destroy();
    }
  });
});

/** A combination row with its prints (migration 013) as a sorted list, and its sample checked. */
const withPrintSets = ({ sampled, ...row }: { visitors: string; sampled: string }) => {
  const prints = [...addPrints(new Set(), row.visitors)].sort();
  expect([...addPrints(new Set(), sampled)].sort()).toEqual(prints.filter(isSampled));
  return { ...row, visitors: prints };
};

describe("migration 008 on a ledger that already had views", () => {
  it("fills the day's combinations with the views they count, missing values as empty", async () => {
    const db = memoryDatabase();
    try {
      const migrator = ledgerMigrator(db, "sqlite");
      expect((await migrator.migrateTo("006-experiment-variants")).error).toBeUndefined();
      const view = {
        at: Date.parse("2026-11-20T12:00:00Z"),
        day: "2026-11-20",
        page: "/",
        utm_source: "google",
        utm_medium: "cpc",
        utm_campaign: null,
        referrer: null,
        country: "ES",
        device: "mobile",
        browser: "Chrome",
        visitor: "v1",
      };
      await db
        .insertInto("views")
        .values([view, { ...view, visitor: "v2" }, { ...view, device: "desktop" }])
        .execute();
      expect((await migrator.migrateToLatest()).error).toBeUndefined();
      const rows = await db
        .selectFrom("view_combination_daily")
        .selectAll()
        .orderBy("device")
        .execute();
      const combination = {
        day: "2026-11-20",
        page: "/",
        utm_source: "google",
        utm_campaign: "",
        referrer: "",
        country: "ES",
      };
      // Migration 013 then gives each its visitors' prints (in no particular order).
      expect(rows.map(withPrintSets)).toEqual([
        { ...combination, device: "desktop", views: 1, visitors: ["v1===="] },
        { ...combination, device: "mobile", views: 2, visitors: ["v1====", "v2===="] },
      ]);
    } finally {
      await db.destroy();
    }
  });
});

describe("migration 009 on a ledger that already had clicks", () => {
  it("fills the day's click combinations, people and bots apart, missing values as empty", async () => {
    const db = memoryDatabase();
    try {
      const migrator = ledgerMigrator(db, "sqlite");
      expect((await migrator.migrateTo("008-view-combinations")).error).toBeUndefined();
      const click = clickBeforeOffers({ utm_source: "google", country: "ES" });
      await db
        .insertInto("clicks")
        .values([
          click,
          { ...click, visitor: "v2" },
          { ...click, is_bot: 1 },
          { ...click, subid: "s1", device: "desktop" },
        ])
        .execute();
      expect((await migrator.migrateTo("018-moved-paths-and-not-found")).error).toBeUndefined();
      const rows = await db
        .selectFrom("click_combination_daily")
        .selectAll()
        .orderBy(["device", "is_bot"])
        .execute();
      const combination = {
        day: "2026-11-20",
        link_id: "home-hero",
        page: "/",
        utm_campaign: "",
        utm_source: "google",
        referrer: "",
        country: "ES",
      };
      // Sub-ids are not combined: the desktop click's "s1" leaves no trace here. Migration
      // 013 then gives each its people's prints; bots have none.
      expect(rows.map(withPrintSets)).toEqual([
        { ...combination, device: "desktop", is_bot: 0, clicks: 1, visitors: ["v1===="] },
        { ...combination, device: "mobile", is_bot: 0, clicks: 2, visitors: ["v1====", "v2===="] },
        { ...combination, device: "mobile", is_bot: 1, clicks: 1, visitors: [] },
      ]);
      // click_filter_daily gains the referrer's pairs, both ways.
      const pairs = (filter: string, filterValue: string, dimension: string) =>
        db
          .selectFrom("click_filter_daily")
          .select(["value", "is_bot", "clicks"])
          .where("filter_dimension", "=", filter)
          .where("filter_value", "=", filterValue)
          .where("dimension", "=", dimension)
          .orderBy(["value", "is_bot"])
          .execute();
      expect(await pairs("referrer", "", "device")).toEqual([
        { value: "desktop", is_bot: 0, clicks: 1 },
        { value: "mobile", is_bot: 0, clicks: 2 },
        { value: "mobile", is_bot: 1, clicks: 1 },
      ]);
      expect(await pairs("device", "mobile", "referrer")).toEqual([
        { value: "", is_bot: 0, clicks: 2 },
        { value: "", is_bot: 1, clicks: 1 },
      ]);
    } finally {
      await db.destroy();
    }
  });
});

describe("migration 010 on a ledger that already had conversions", () => {
  it("fills the conversions' figures under each one-dimension filter, orphans under no filter's value", async () => {
    const db = memoryDatabase();
    try {
      const migrator = ledgerMigrator(db, "sqlite");
      expect((await migrator.migrateTo("009-click-combinations")).error).toBeUndefined();
      const conversion = {
        at: Date.parse("2026-11-20T12:00:00Z"),
        day: "2026-11-20",
        event: "ftd" as const,
        amount_cents: 5000,
        currency: "EUR",
        txid: null,
        dedup_key: "k1",
        click_id: "c1",
        orphan: 0,
        origin: "postback" as const,
        click_at: Date.parse("2026-11-20T11:00:00Z"),
        link_id: "home-hero",
        page: "/",
        utm_source: "google",
        utm_campaign: null,
        referrer: null,
        subid: "s1",
        country: "ES",
        device: "mobile",
      };
      const orphan = {
        ...conversion,
        dedup_key: "k3",
        click_id: "unknown",
        orphan: 1,
        click_at: null,
        link_id: "",
        page: "",
        utm_source: null,
        subid: null,
        country: null,
        device: "",
      };
      await db
        .insertInto("conversions")
        .values([conversion, { ...conversion, dedup_key: "k2", amount_cents: 2500 }, orphan])
        .execute();
      expect((await migrator.migrateToLatest()).error).toBeUndefined();
      const under = (filter: string, value: string) =>
        db
          .selectFrom("conversion_filter_daily")
          .select(["dimension", "value", "conversions", "amount_cents"])
          .where("filter_dimension", "=", filter)
          .where("filter_value", "=", value)
          .orderBy("dimension")
          .execute();
      const figures = { conversions: 2, amount_cents: 7500 };
      expect(await under("country", "ES")).toEqual([
        { dimension: "campaign", value: "", ...figures },
        { dimension: "country", value: "ES", ...figures },
        { dimension: "device", value: "mobile", ...figures },
        { dimension: "link", value: "home-hero", ...figures },
        // Migration 019's: no earlier conversion had an offer.
        { dimension: "offer", value: "", ...figures },
        { dimension: "page", value: "/", ...figures },
        { dimension: "referrer", value: "", ...figures },
        { dimension: "source", value: "google", ...figures },
      ]);
      // Sub-ids are neither filter nor ranked there.
      expect(await under("subid", "s1")).toEqual([]);
      const dimensions = await db
        .selectFrom("conversion_filter_daily")
        .select("dimension")
        .distinct()
        .execute();
      expect(dimensions.map((row) => row.dimension)).not.toContain("subid");
    } finally {
      await db.destroy();
    }
  });
});

describe("migration 012 on a ledger that kept its visitor salts", () => {
  const ip = "203.0.113.7";
  const agent = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/131.0";
  /** Salts as migration 007's table held them, and the key each one gave that visitor. */
  function storedSalts(days: string[]) {
    return days.map((day) => {
      const salt = randomBytes(32);
      const keys = new VisitorKeys();
      keys.use(day, salt);
      return { day, salt: salt.toString("base64url"), key: keys.key(ip, agent, day), ip, agent };
    });
  }

  it("on SQLite destroys them: no table, no byte of the file or its log holds one", async () => {
    const directory = mkdtempSync(path.join(tmpdir(), "migrate-salts-"));
    const file = path.join(directory, "clicks.sqlite");
    const sqlite = new SQLite(file);
    sqlite.pragma("journal_mode = WAL");
    const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
    const bytes = () =>
      Buffer.concat(
        [file, `${file}-wal`].filter((part) => existsSync(part)).map((part) => readFileSync(part)),
      );
    try {
      expect((await ledgerMigrator(db, "sqlite").migrateTo("010-conversion-filters")).error).toBe(
        undefined,
      );
      // A ledger that has run a while: its log checkpointed, its tables in the file.
      sqlite.pragma("wal_checkpoint(TRUNCATE)");
      // As the old refresh left them: five days made, the two oldest deleted again.
      const salts = storedSalts([
        "2026-11-21",
        "2026-11-22",
        "2026-11-23",
        "2026-11-24",
        "2026-11-25",
      ]);
      for (const { day, salt } of salts) {
        await sql`insert into visitor_salts (day, salt) values (${day}, ${salt})`.execute(db);
      }
      await sql`delete from visitor_salts where day < '2026-11-23'`.execute(db);
      // Every one of them, deleted ones included, can be found in the file before.
      expect(saltsIn(bytes(), salts)).toEqual(salts);

      await migrateToLatest(db, "sqlite");

      expect(saltsIn(bytes(), salts)).toEqual([]);
      const tables = await sql<{ name: string }>`select name from sqlite_master
        where name like '%salt%'`.execute(db);
      expect(tables.rows).toEqual([]);
      // The connection's own setting is back to SQLite's default.
      expect(sqlite.pragma("secure_delete", { simple: true })).toBe(0);
    } finally {
      await db.destroy();
      rmSync(directory, { recursive: true, force: true });
    }
  });

  it("on PostgreSQL drops them, and shares the next ones through an empty UNLOGGED table", async () => {
    const url = await ownPostgresDatabase(inject("databaseUrl"), "migrate_salts");
    const db = new Kysely<Database>({
      dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url, max: 1 }) }),
    });
    try {
      expect((await ledgerMigrator(db, "postgres").migrateTo("010-conversion-filters")).error).toBe(
        undefined,
      );
      for (const { day, salt } of storedSalts(["2026-11-24", "2026-11-25", "2026-11-26"])) {
        await sql`insert into visitor_salts (day, salt) values (${day}, ${salt})`.execute(db);
      }

      await migrateToLatest(db, "postgres");

      const { rows } = await sql<{ old: string | null; live: string | null }>`select
        to_regclass('visitor_salts')::text as old, to_regclass('live_salts')::text as live`.execute(
        db,
      );
      expect(rows).toEqual([{ old: null, live: "live_salts" }]);
      expect(await db.selectFrom("live_salts").selectAll().execute()).toEqual([]);
    } finally {
      await db.destroy();
    }
  });
});

describe("migration 013 on a PostgreSQL ledger that already had clicks and views", () => {
  it("gives each day's combination the prints of its people's visitors, once each", async () => {
    const url = await ownPostgresDatabase(inject("databaseUrl"), "migrate_prints");
    const db = new Kysely<Database>({
      dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url, max: 1 }) }),
    });
    try {
      const migrator = ledgerMigrator(db, "postgres");
      expect((await migrator.migrateTo("012-salts-out-of-the-ledger")).error).toBeUndefined();
      const click = clickBeforeOffers({
        utm_source: "google",
        country: "ES",
        visitor: "abcdefghij",
      });
      const clicks = [
        click,
        click,
        { ...click, visitor: "zyxwvu" },
        { ...click, visitor: "Bsampled" },
        { ...click, is_bot: 1 },
      ];
      await db.insertInto("clicks").values(clicks).execute();
      await sql`insert into click_combination_daily
          (day, link_id, page, utm_campaign, utm_source, referrer, country, device, is_bot, clicks)
        values ('2026-11-20', 'home-hero', '/', '', 'google', '', 'ES', 'mobile', 0, 4),
          ('2026-11-20', 'home-hero', '/', '', 'google', '', 'ES', 'mobile', 1, 1)`.execute(db);

      expect((await migrator.migrateTo("013-visitor-prints")).error).toBeUndefined();

      const rows = await db
        .selectFrom("click_combination_daily")
        .select(["is_bot", "clicks", "visitors", "sampled"])
        .orderBy("is_bot")
        .execute();
      expect(rows.map(withPrintSets)).toEqual([
        { is_bot: 0, clicks: "4", visitors: ["Bsampl", "abcdef", "zyxwvu"] },
        { is_bot: 1, clicks: "1", visitors: [] },
      ]);
      // Each print once, whatever the number of clicks.
      expect(rows[0]!.visitors).toHaveLength(18);
      expect(rows[0]!.sampled).toBe("Bsampl");
    } finally {
      await db.destroy();
    }
  });
});

describe("migration 018 on a studio that already had revisions", () => {
  it("gives each page revision its path, and none to the settings or a page taken off", async () => {
    const db = memoryDatabase();
    try {
      const migrator = ledgerMigrator(db, "sqlite");
      expect((await migrator.migrateTo("017-media-library")).error).toBeUndefined();
      await sql`insert into content_revisions (document, data, at, author, message, source) values
        ('pages/bonos', ${JSON.stringify({ slug: "/bonos" })}, 1, 'ana', '', 'files'),
        ('pages/bonos', ${JSON.stringify({ slug: "/ofertas" })}, 2, 'ana', '', 'studio'),
        ('pages/bonos', null, 3, 'ana', '', 'studio'),
        ('site', ${JSON.stringify({ slug: "/no" })}, 4, 'ana', '', 'studio'),
        ('pages/rota', '{', 5, 'ana', '', 'studio')`.execute(db);
      expect((await migrator.migrateToLatest()).error).toBeUndefined();
      const rows = await db
        .selectFrom("content_revisions")
        .select(["document", "path"])
        .orderBy("id")
        .execute();
      expect(rows).toEqual([
        { document: "pages/bonos", path: "/bonos" },
        { document: "pages/bonos", path: "/ofertas" },
        { document: "pages/bonos", path: null },
        { document: "site", path: null },
        { document: "pages/rota", path: null },
      ]);
    } finally {
      await db.destroy();
    }
  });
});

describe("migration 019 on a ledger that already had clicks and conversions", () => {
  /** The ledger at migration 018 with two people's clicks, one conversion, and their counts. */
  async function before019(db: Kysely<Database>, dialect: "sqlite" | "postgres") {
    const migrator = ledgerMigrator(db, dialect);
    expect((await migrator.migrateTo("018-moved-paths-and-not-found")).error).toBeUndefined();
    const click = clickBeforeOffers({ country: "ES", visitor: "abcdefghij" });
    await db
      .insertInto("clicks")
      .values([click, { ...click, visitor: "zyxwvutsr" }])
      .execute();
    await sql`insert into click_daily (day, dimension, value, is_bot, clicks) values
      ('2026-11-20', 'link', 'home-hero', 0, 2), ('2026-11-20', 'device', 'mobile', 0, 2)`.execute(
      db,
    );
    await sql`insert into click_filter_daily
        (day, filter_dimension, filter_value, dimension, value, is_bot, clicks)
      values ('2026-11-20', 'device', 'mobile', 'link', 'home-hero', 0, 2)`.execute(db);
    await sql`insert into click_combination_daily (day, link_id, page, utm_campaign, utm_source,
        referrer, country, device, is_bot, clicks, visitors, sampled)
      values ('2026-11-20', 'home-hero', '/', '', '', '', 'ES', 'mobile', 0, 2, 'abcdefzyxwvu', '')`.execute(
      db,
    );
    await sql`insert into conversion_daily
        (day, dimension, value, event, currency, conversions, amount_cents)
      values ('2026-11-20', 'link', 'home-hero', 'ftd', 'EUR', 1, 5000)`.execute(db);
    await sql`insert into conversion_filter_daily (filter_dimension, filter_value, day, dimension,
        value, event, currency, conversions, amount_cents)
      values ('country', 'ES', '2026-11-20', 'link', 'home-hero', 'ftd', 'EUR', 1, 5000)`.execute(
      db,
    );
    return migrator;
  }

  /** What migration 019 leaves: every earlier fact under offer "", every table's pairs. */
  async function checkOffers(db: Kysely<Database>) {
    const clicks = await db.selectFrom("clicks").select("offer").execute();
    expect(clicks).toEqual([{ offer: null }, { offer: null }]);
    const combinations = await db
      .selectFrom("click_offer_combination_daily")
      .select(["link_id", "offer", "is_bot", "clicks", "visitors"])
      .execute();
    expect(combinations.map((row) => ({ ...row, clicks: Number(row.clicks) }))).toEqual([
      { link_id: "home-hero", offer: "", is_bot: 0, clicks: 2, visitors: "abcdefzyxwvu" },
    ]);
    // The offer is in the combinations' key: the same values under another offer are a row.
    await sql`insert into click_offer_combination_daily (day, link_id, page, utm_campaign, utm_source,
        referrer, country, device, offer, is_bot, clicks)
      values ('2026-11-20', 'home-hero', '/', '', '', '', 'ES', 'mobile', 'bienvenida', 0, 1)`.execute(
      db,
    );
    const daily = await db
      .selectFrom("click_daily")
      .select(["value", "clicks"])
      .where("dimension", "=", "offer")
      .execute();
    expect(daily.map((row) => ({ ...row, clicks: Number(row.clicks) }))).toEqual([
      { value: "", clicks: 2 },
    ]);
    const pairs = await db
      .selectFrom("click_filter_daily")
      .select(["filter_dimension", "filter_value", "dimension", "value", "clicks"])
      .where((eb) => eb.or([eb("filter_dimension", "=", "offer"), eb("dimension", "=", "offer")]))
      .orderBy(["filter_dimension", "dimension"])
      .execute();
    expect(pairs.map((row) => ({ ...row, clicks: Number(row.clicks) }))).toEqual([
      {
        filter_dimension: "device",
        filter_value: "mobile",
        dimension: "offer",
        value: "",
        clicks: 2,
      },
      {
        filter_dimension: "offer",
        filter_value: "",
        dimension: "device",
        value: "mobile",
        clicks: 2,
      },
      {
        filter_dimension: "offer",
        filter_value: "",
        dimension: "link",
        value: "home-hero",
        clicks: 2,
      },
      { filter_dimension: "offer", filter_value: "", dimension: "offer", value: "", clicks: 2 },
    ]);
    const converted = await db
      .selectFrom("conversion_daily")
      .select(["value", "conversions", "amount_cents"])
      .where("dimension", "=", "offer")
      .execute();
    expect(
      converted.map((row) => [row.value, Number(row.conversions), Number(row.amount_cents)]),
    ).toEqual([["", 1, 5000]]);
    const convertedPairs = await db
      .selectFrom("conversion_filter_daily")
      .select(["filter_dimension", "filter_value", "dimension", "value"])
      .where((eb) => eb.or([eb("filter_dimension", "=", "offer"), eb("dimension", "=", "offer")]))
      .orderBy(["filter_dimension", "dimension"])
      .execute();
    expect(convertedPairs).toEqual([
      { filter_dimension: "country", filter_value: "ES", dimension: "offer", value: "" },
      { filter_dimension: "offer", filter_value: "", dimension: "link", value: "home-hero" },
      { filter_dimension: "offer", filter_value: "", dimension: "offer", value: "" },
    ]);
  }

  it('on SQLite: the combinations with the offer in their key, the counts under offer ""', async () => {
    const db = memoryDatabase();
    try {
      const migrator = await before019(db, "sqlite");
      expect((await migrator.migrateToLatest()).error).toBeUndefined();
      await checkOffers(db);
      // One process serves a SQLite ledger: the combinations without the offer are gone.
      const tables = await sql<{ name: string }>`select name from sqlite_master
        where type = 'table' and name = 'click_combination_daily'`.execute(db);
      expect(tables.rows).toEqual([]);
    } finally {
      await db.destroy();
    }
  });

  it("on PostgreSQL, the same", async () => {
    const url = await ownPostgresDatabase(inject("databaseUrl"), "migrate_offers");
    const db = new Kysely<Database>({
      dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url, max: 1 }) }),
    });
    try {
      const migrator = await before019(db, "postgres");
      expect((await migrator.migrateTo("019-offers-in-the-ledger")).error).toBeUndefined();
      await checkOffers(db);
      // During a rolling deploy the release before still writes its combinations, on their
      // old key: its upsert keeps working (deploy/README.md).
      const olderRelease = sql`insert into click_combination_daily (day, link_id, page,
          utm_campaign, utm_source, referrer, country, device, is_bot, clicks, visitors, sampled)
        values ('2026-11-20', 'home-hero', '/', '', '', '', 'ES', 'mobile', 0, 1, 'qwerty', '')
        on conflict (day, link_id, page, utm_campaign, utm_source, referrer, country, device,
          is_bot)
        do update set clicks = click_combination_daily.clicks + excluded.clicks`;
      await olderRelease.execute(db);
      const old = await db.selectFrom("click_combination_daily").select("clicks").execute();
      expect(old.map((row) => Number(row.clicks))).toEqual([3]);
      // The next release (migration 020) drops it: no instance of that one still runs.
      expect((await migrator.migrateToLatest()).error).toBeUndefined();
      const left = await sql<{ name: string }>`select table_name as name
        from information_schema.tables where table_name = 'click_combination_daily'`.execute(db);
      expect(left.rows).toEqual([]);
    } finally {
      await db.destroy();
    }
  });
});
