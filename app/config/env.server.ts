/**
 * Run-time configuration from the environment, parsed once with zod at boot. Every
 * variable is optional (defaults make `npm start` work with nothing set) and documented
 * in .env.example. An invalid value stops the boot with the variable's name.
 */
import proxyAddr from "proxy-addr";
import { z } from "zod";

import { DEFAULT_RANGES_FILE } from "~/clicks/data-centres.server";
import { FLAG_NAMES } from "~/ledger/click-kinds";

const booleanish = (fallback: boolean) =>
  z
    .enum(["true", "false", "1", "0", "yes", "no"], {
      error: 'must be "true" or "false"',
    })
    .optional()
    .transform((value) => (value === undefined ? fallback : ["true", "1", "yes"].includes(value)));

const origin = z
  .url({
    protocol: /^https?$/,
    error: "must be an absolute http(s) URL such as https://www.example.com",
  })
  .transform((value) => new URL(value).origin)
  .optional();

/** An optional HTTP header name, compared in lower case. */
const headerName = z
  .string()
  .regex(/^[A-Za-z0-9-]{1,64}$/, "must be an HTTP header name")
  .transform((name) => name.toLowerCase())
  .optional();

/** How to make a postback token, said wherever one is asked for (.env.example, the docs). */
const TOKEN_RECIPE = "openssl rand -base64 32 | tr '+/' '-_' | tr -d '='";

/**
 * What is wrong with a POSTBACK_TOKEN, in words an operator can act on (the token itself is
 * never repeated: it is a secret), or null when it is fine: 24 to 128 characters of
 * A-Z a-z 0-9 - _, the characters a URL path carries as they are.
 */
export function postbackTokenProblem(token: string): string | null {
  if (/^[A-Za-z0-9_-]{24,128}$/.test(token)) return null;
  const others = [...new Set(token.replace(/[A-Za-z0-9_-]/g, ""))];
  if (others.length > 0) {
    const named = others.map((character) => JSON.stringify(character)).join(", ");
    const padding = /^[A-Za-z0-9_-]+=+$/.test(token)
      ? ` (the trailing "=" is base64 padding: make the token with \`${TOKEN_RECIPE}\`)`
      : ` (make one with \`${TOKEN_RECIPE}\`)`;
    return `may hold only A-Z, a-z, 0-9, - and _, but holds ${named}${padding}`;
  }
  return `must be 24 to 128 characters of A-Z, a-z, 0-9, - and _, but has ${token.length} (make one with \`${TOKEN_RECIPE}\`)`;
}

export const EnvSchema = z.object({
  /** "production" (the default for `npm start`), "development" (`npm run dev`) or "test". */
  NODE_ENV: z
    .enum(["production", "development", "test"], {
      error: 'must be "production", "development" or "test"',
    })
    .default("production"),
  /** Port the server listens on. */
  PORT: z.coerce
    .number({ error: "must be a port number" })
    .int("must be a port number")
    .min(1, "must be between 1 and 65535")
    .max(65535, "must be between 1 and 65535")
    .default(3000),
  /** Interface to bind to, e.g. 127.0.0.1 (default: all interfaces). */
  HOST: z
    .string()
    .regex(/^[A-Za-z0-9.:[\]-]{1,255}$/, "must be a host name or an IP address")
    .optional(),
  /** Public origin for canonical URLs, the sitemap and structured data (default: content). */
  SITE_URL: origin,
  /** "false" on staging: every response says noindex and robots.txt disallows everything. */
  SITE_INDEXABLE: booleanish(true),
  /** Folder of site.json and pages/*.json, read at boot (app/content/content-files.server.ts). */
  CONTENT_DIR: z.string().min(1).default("content"),
  /**
   * Optional: a URL the server POSTs to after every publish in the studio, for a CDN to
   * purge its copies (docs/editing-content.md). Pages already say how long they may be kept.
   */
  CONTENT_PURGE_URL: z.string().url("must be a URL").optional(),
  /** Origin that serves /build/ assets; read at build time (remix.config.js publicPath). */
  CDN_URL: origin,
  /** Page views to an Umami-compatible tracker; off unless "true". */
  ANALYTICS_ENABLED: booleanish(false),
  /** The tracker's origin, e.g. https://analytics.example.com (its /script.js is loaded). */
  ANALYTICS_HOST: origin,
  /** Header a CDN sets with the visitor's country, e.g. cf-ipcountry (country gate; off if unset). */
  COUNTRY_HEADER: headerName,
  /** Comma-separated ISO 3166-1 alpha-2 codes that get the /403 page, e.g. "US,FR". */
  BLOCKED_COUNTRIES: z
    .string()
    .optional()
    .transform((value, ctx) => {
      const codes = (value ?? "")
        .split(",")
        .map((code) => code.trim().toUpperCase())
        .filter(Boolean);
      const invalid = codes.filter((code) => !/^[A-Z]{2}$/.test(code));
      if (invalid.length > 0) {
        ctx.addIssue({ code: "custom", message: `not ISO country codes: ${invalid.join(", ")}` });
      }
      return new Set(codes);
    }),
  /** "false" turns the click ledger off (redirects still work; used to measure its cost). */
  CLICK_LEDGER: booleanish(true),
  /**
   * Where the click ledger lives: a postgres:// URL (several instances share it) or
   * `sqlite:<file>`; default: the SQLite file data/clicks.sqlite (.dev/clicks.sqlite under
   * `npm run dev`).
   */
  DATABASE_URL: z
    .string()
    .regex(/^(postgres(ql)?:\/\/|sqlite:|file:)/i, "must be a postgres:// URL or sqlite:<file>")
    .optional(),
  /** Days the click ledger keeps a click; older ones are deleted daily. */
  CLICK_RETENTION_DAYS: z.coerce
    .number({ error: "must be a number of days" })
    .int("must be a whole number of days")
    .min(1, "must be at least 1")
    .default(400),
  /**
   * Minutes between two runs of the destination monitor (app/link-health): every affiliate
   * destination of the content is fetched with test ids, once for the whole site; 0 runs it
   * only from the Enlaces page's "Comprobar ahora" (and `npm run links:check`).
   */
  LINK_CHECK_MINUTES: z.coerce
    .number({ error: "must be a number of minutes" })
    .int("must be a whole number of minutes")
    .min(0, "must be 0 (off) or more")
    .max(7 * 24 * 60, "must be at most a week (10080)")
    .default(60),
  /**
   * The flags put on clicks that look like a person's but likely are not (docs/
   * click-flags.md), comma-separated: data-centre, too-fast, repeat; "none" for none.
   * Default: all three.
   */
  CLICK_FLAGS: z
    .string()
    .optional()
    .transform((value, ctx) => {
      const text = (value ?? "").trim().toLowerCase();
      if (text === "") return [...FLAG_NAMES];
      if (text === "none") return [];
      const named = text.split(",").map((flag) => flag.trim());
      const unknown = named.filter((flag) => !(FLAG_NAMES as readonly string[]).includes(flag));
      if (unknown.length > 0) {
        ctx.addIssue({
          code: "custom",
          message: `unknown flags: ${unknown.join(", ")} (known: ${FLAG_NAMES.join(", ")}, or none)`,
        });
      }
      return FLAG_NAMES.filter((flag) => named.includes(flag));
    }),
  /** The data-centre address ranges the clicks are checked against (docs/click-flags.md). */
  DATACENTRE_RANGES_FILE: z.string().min(1).default(DEFAULT_RANGES_FILE),
  /** Time zone of the ledger's days (reports and exports), an IANA name. */
  REPORT_TIME_ZONE: z
    .string()
    .refine(
      (zone) => {
        try {
          new Intl.DateTimeFormat("en", { timeZone: zone });
          return true;
        } catch {
          return false;
        }
      },
      { message: "must be an IANA time zone such as Europe/Madrid" },
    )
    .default("Europe/Madrid"),
  /**
   * Header a trusted proxy or CDN sets with the visitor's address (e.g. cf-connecting-ip,
   * or x-forwarded-for), used only for the daily visitor key and rate limits; read only
   * from the proxies in TRUSTED_PROXIES (server/client-address.ts). Default: the
   * connection's address.
   */
  CLIENT_IP_HEADER: headerName,
  /**
   * The proxies whose word on the client's address counts, as Express's `trust proxy`
   * takes them (proxy-addr): comma-separated addresses, CIDR ranges or the names
   * loopback, linklocal, uniquelocal. Default: none.
   */
  TRUSTED_PROXIES: z
    .string()
    .optional()
    .transform((value, ctx) => {
      const entries = (value ?? "")
        .split(",")
        .map((entry) => entry.trim())
        .filter(Boolean);
      const invalid = entries.filter((entry) => {
        try {
          proxyAddr.compile(entry);
          return false;
        } catch {
          return true;
        }
      });
      if (invalid.length > 0) {
        ctx.addIssue({
          code: "custom",
          message: `not addresses, CIDR ranges or loopback/linklocal/uniquelocal: ${invalid.join(", ")}`,
        });
      }
      return entries;
    }),
  /**
   * Password of the marketer's dashboard (/admin). Unset: /admin answers 404 as if it did
   * not exist. At least 12 characters.
   */
  ADMIN_PASSWORD: z.string().min(12, "must be at least 12 characters").optional(),
  /**
   * Secret that signs the dashboard's session cookie (at least 32 characters). Unset: a
   * random one per start, so a restart logs the marketer out.
   */
  SESSION_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  /**
   * The secret part of the postback URL (/postback/<POSTBACK_TOKEN>) affiliate programs
   * call when a referred player registers, deposits or earns a commission (app/conversions).
   * Unset: the path is a 404 like any unknown path. 24 to 128 URL-safe characters.
   */
  POSTBACK_TOKEN: z
    .string()
    .superRefine((token, ctx) => {
      const problem = postbackTokenProblem(token);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    })
    .optional(),
  /**
   * Postbacks one client address may send per second (bursts up to ten times as many), far
   * above what a program sends. Default 50.
   */
  POSTBACK_RATE_LIMIT: z.coerce
    .number({ error: "must be a number of postbacks per second" })
    .int("must be a whole number")
    .min(1, "must be at least 1")
    .default(50),
  /**
   * Where the alerts are posted (docs/link-health.md "Alerts"): a JSON POST for each
   * incident's opening and resolution, signed with ALERT_WEBHOOK_SECRET.
   */
  ALERT_WEBHOOK_URL: z
    .string()
    .refine((value) => /^https?:$/.test(URL.canParse(value) ? new URL(value).protocol : ""), {
      message: "must be an http:// or https:// URL",
    })
    .optional(),
  /** The key of the alerts' HMAC-SHA256 signature (X-Signature-256); 16 characters or more. */
  ALERT_WEBHOOK_SECRET: z.string().min(16, "must be at least 16 characters").optional(),
  /** An SMTP server for the alerts by e-mail, e.g. smtps://user:pass@smtp.example:465. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "must be an smtp:// or smtps:// URL")
    .optional(),
  /** Who receives the alerts by e-mail (one address or several, comma-separated). */
  ALERT_EMAIL_TO: z.string().max(500).optional(),
  /** Who sends them; default alertas@ the site's host. */
  ALERT_EMAIL_FROM: z.string().max(200).optional(),
  /** The website id the tracker knows this site by. */
  ANALYTICS_SITE_ID: z
    .string()
    .max(100)
    .regex(/^[A-Za-z0-9_-]+$/, "must be letters, digits, - or _")
    .optional(),
});

export type Env = z.output<typeof EnvSchema>;

/** A header any client can send is the visitor's address only when a proxy of ours set it. */
function clientIpHeaderNeedsProxies(env: Env, ctx: z.RefinementCtx) {
  if (env.CLIENT_IP_HEADER && env.TRUSTED_PROXIES.length === 0) {
    ctx.addIssue({
      code: "custom",
      path: ["CLIENT_IP_HEADER"],
      message: "needs TRUSTED_PROXIES, the proxies that set it (e.g. loopback)",
    });
  }
}

/** An alert channel needs all of its settings: a webhook its secret, e-mail a recipient. */
function alertChannelsComplete(env: Env, ctx: z.RefinementCtx) {
  if (env.ALERT_WEBHOOK_URL && !env.ALERT_WEBHOOK_SECRET) {
    ctx.addIssue({
      code: "custom",
      path: ["ALERT_WEBHOOK_SECRET"],
      message: "is needed with ALERT_WEBHOOK_URL: the receiver checks each alert's signature",
    });
  }
  if (env.SMTP_URL && !env.ALERT_EMAIL_TO) {
    ctx.addIssue({
      code: "custom",
      path: ["ALERT_EMAIL_TO"],
      message: "is needed with SMTP_URL: who receives the alerts",
    });
  }
}

/** The ledger `npm run dev` uses when DATABASE_URL is not set: beside its build, in .dev/. */
export const DEVELOPMENT_DATABASE_URL = "sqlite:.dev/clicks.sqlite";

export function parseEnv(source: Record<string, string | undefined>): Env {
  const blankAsUnset = Object.fromEntries(
    Object.entries(source).filter(([, value]) => value !== undefined && value !== ""),
  );
  const result = EnvSchema.superRefine(clientIpHeaderNeedsProxies)
    .superRefine(alertChannelsComplete)
    .safeParse(blankAsUnset);
  if (result.success) {
    // `npm run dev` records into a ledger of its own: previews and test clicks made while
    // developing never land in the production ledger of the same folder.
    if (result.data.NODE_ENV === "development" && result.data.DATABASE_URL === undefined) {
      return { ...result.data, DATABASE_URL: DEVELOPMENT_DATABASE_URL };
    }
    return result.data;
  }
  const problems = result.error.issues.map(
    (issue) => `  - ${issue.path.join(".")}: ${issue.message}`,
  );
  throw new Error(`Invalid environment:\n${problems.join("\n")}`);
}

export const env = parseEnv(process.env);
