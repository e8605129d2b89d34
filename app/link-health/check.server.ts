/**
 * One check of one affiliate destination, as a visitor's click would reach it: the URL the
 * outbound redirect would send (outboundLocation) with a test click id and a test sub-id,
 * followed hop by hop (at most 8 redirects, 10 s in all, 256 KB of the last page read),
 * with a User-Agent that names the site's checker. It makes no click, view or conversion:
 * nothing here writes to the ledger, and the test ids match no click, so a postback the
 * program might send for them is an orphan.
 *
 * The verdict, in the dashboard's words:
 * - **roto**: a 4xx or 5xx, a timeout or a network error, more than 8 redirects, a text of
 *   a dead link on the last page, a last host that is not the operator's, or the click id
 *   or the sub-id lost on the way (the program could not attribute the registration);
 * - **aviso**: slower than `slow_ms`, a new last host or an extra hop since the check before;
 * - **sano**: none of these.
 */
import { outboundLocation } from "~/affiliate/outbound-location";
import type { Site } from "~/content/schema";

export type Health = "sano" | "aviso" | "roto";

export type Hop = { status: number; host: string; ms: number };

export type CheckResult = {
  url: string;
  health: Health;
  /** Why, in Spanish: empty when sano. */
  reasons: string[];
  hops: Hop[];
  /** The host of the last URL reached, or null when none answered. */
  finalHost: string | null;
  clickIdKept: boolean;
  subIdKept: boolean;
  ms: number;
  at: number;
};

/** The test ids: recognisable in the program's reports, and no click has them. */
export const TEST_CLICK_ID = "comprobacion0000";
export const TEST_SUB_ID = "comprobacion-enlaces";

export const MAX_REDIRECTS = 8;
const TIMEOUT_MS = 10_000;
const MAX_BODY_BYTES = 256 * 1024;

export type CheckOptions = {
  affiliate: Site["affiliate"];
  /** Who asks: the User-Agent's words (the site's name and address). */
  userAgent: string;
  /** The check of the same destination before, for a new last host or an extra hop. */
  previous?: Pick<CheckResult, "finalHost" | "hops" | "health"> | null;
  timeoutMs?: number;
  now?: () => number;
};

/** The User-Agent of the checker, naming the site (from content) and where it is. */
export const checkerAgent = (siteName: string, siteUrl: string) =>
  `Mozilla/5.0 (compatible; comprobador de enlaces de ${siteName}; +${siteUrl})`;

/** Whether `host` is one of the operator's hosts or a subdomain of one. */
const isOperators = (host: string, hosts: readonly string[]) =>
  hosts.some((operator) => host === operator || host.endsWith(`.${operator}`));

/** The first `limit` bytes of a body, as text; the rest is never read. */
async function headOfBody(response: Response, limit: number): Promise<string> {
  const reader = response.body?.getReader();
  if (!reader) return "";
  const chunks: Uint8Array[] = [];
  let size = 0;
  while (size < limit) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    size += value.byteLength;
  }
  await reader.cancel().catch(() => undefined);
  return new TextDecoder().decode(Buffer.concat(chunks).subarray(0, limit));
}

/** Why a request got no answer, in Spanish, from the network error's code. */
function failureOf(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  const code = cause?.code ?? "";
  if (code === "ENOTFOUND" || code === "EAI_AGAIN") return "el nombre no existe en el DNS";
  if (code === "ECONNREFUSED") return "conexión rechazada";
  if (code === "ECONNRESET" || code === "UND_ERR_SOCKET") return "la conexión se cortó";
  if (/CERT|SSL|TLS/i.test(code)) return `certificado no válido (${code})`;
  return cause?.message ?? (error as Error).message;
}

/** Whether a value of the URL's query is `value` (a program may rename the parameter). */
const carries = (url: URL, value: string) => [...url.searchParams.values()].includes(value);

export async function checkDestination(
  destination: string,
  { affiliate, userAgent, previous = null, timeoutMs = TIMEOUT_MS, now = Date.now }: CheckOptions,
): Promise<CheckResult> {
  const { checks } = affiliate;
  const started = performance.now();
  const signal = AbortSignal.timeout(timeoutMs);
  const sendsClickId = affiliate.send_click_id;
  let current = new URL(
    outboundLocation(destination, [[affiliate.subid_param, TEST_SUB_ID]], {
      param: affiliate.click_id_param,
      id: sendsClickId ? TEST_CLICK_ID : null,
    }),
  );
  const hops: Hop[] = [];
  const reasons: string[] = [];
  let body = "";
  let reached: URL | null = null;
  for (;;) {
    const hopStarted = performance.now();
    let response: Response;
    try {
      response = await fetch(current, {
        redirect: "manual",
        signal,
        headers: { "user-agent": userAgent, accept: "text/html,*/*;q=0.8" },
      });
    } catch (error) {
      const timedOut = signal.aborted;
      reasons.push(
        timedOut
          ? `sin respuesta en ${timeoutMs / 1000} s (${current.host})`
          : `no se pudo conectar con ${current.host}: ${failureOf(error)}`,
      );
      break;
    }
    hops.push({
      status: response.status,
      host: current.host,
      ms: Math.round(performance.now() - hopStarted),
    });
    const location = response.headers.get("location");
    if (response.status >= 300 && response.status < 400 && location) {
      await response.body?.cancel().catch(() => undefined);
      if (hops.length > MAX_REDIRECTS) {
        reasons.push(`más de ${MAX_REDIRECTS} redirecciones`);
        break;
      }
      try {
        current = new URL(location, current);
      } catch {
        reasons.push(`redirección a una dirección no válida desde ${current.host}`);
        break;
      }
      if (current.protocol !== "https:" && current.protocol !== "http:") {
        reasons.push(`redirección a ${current.protocol} desde ${hops.at(-1)!.host}`);
        break;
      }
      continue;
    }
    reached = current;
    if (response.status >= 400) {
      reasons.push(`responde ${response.status} (${current.host})`);
      await response.body?.cancel().catch(() => undefined);
    } else {
      try {
        body = (await headOfBody(response, MAX_BODY_BYTES)).toLowerCase();
      } catch {
        reasons.push(`sin respuesta completa en ${timeoutMs / 1000} s (${current.host})`);
      }
    }
    break;
  }

  const clickIdKept = !sendsClickId || (reached !== null && carries(reached, TEST_CLICK_ID));
  const subIdKept = reached !== null && carries(reached, TEST_SUB_ID);
  // A page that answered: what it says, where it is, what it kept (an error says enough).
  if (reached && reasons.length === 0) {
    const dead = checks.dead_link_texts.find((text) => body.includes(text.toLowerCase()));
    if (dead) reasons.push(`la página final dice «${dead}»`);
    if (checks.operator_hosts.length > 0 && !isOperators(reached.hostname, checks.operator_hosts)) {
      reasons.push(`termina en ${reached.hostname}, que no es del operador`);
    }
    if (!clickIdKept) reasons.push(`se pierde el id de clic (${affiliate.click_id_param})`);
    if (!subIdKept) reasons.push(`se pierde el sub-id (${affiliate.subid_param})`);
  }
  const ms = Math.round(performance.now() - started);
  // Every reason so far breaks the link; the ones after only warn.
  const broken = reasons.length > 0;
  const finalHost = reached?.hostname ?? null;
  if (!broken) {
    if (ms > checks.slow_ms)
      reasons.push(`lento: ${ms} ms (aviso a partir de ${checks.slow_ms} ms)`);
    if (previous?.finalHost && previous.health !== "roto" && previous.finalHost !== finalHost) {
      reasons.push(`termina en un host nuevo: ${finalHost} (antes ${previous.finalHost})`);
    }
    if (previous && previous.health !== "roto" && hops.length > previous.hops.length) {
      reasons.push(`un salto más que antes (${hops.length}, antes ${previous.hops.length})`);
    }
  }
  return {
    url: destination,
    health: broken ? "roto" : reasons.length > 0 ? "aviso" : "sano",
    reasons,
    hops,
    finalHost,
    clickIdKept,
    subIdKept,
    ms,
    at: now(),
  };
}
