/**
 * The optional country gate (docs/decisions/001-product-rules.md: the 403 page concerns a country restriction). With
 * COUNTRY_HEADER and BLOCKED_COUNTRIES set, a request whose header names a blocked country
 * gets the /403 page on the outbound routes and promotional pages (informational pages stay
 * open: app/routes/page.tsx). An absent or malformed header means
 * allowed. Off (and no Vary) when not configured.
 */
import { env } from "~/config/env.server";

type GateConfig = { header?: string; blocked: ReadonlySet<string> };

const configured: GateConfig = { header: env.COUNTRY_HEADER, blocked: env.BLOCKED_COUNTRIES };

export function isBlockedCountry(request: Request, gate: GateConfig = configured): boolean {
  if (!gate.header) return false;
  return isBlockedCountryCode(request.headers.get(gate.header) ?? undefined, gate);
}

/** The gate's verdict on the value of its header (absent or malformed: allowed). */
export function isBlockedCountryCode(
  value: string | undefined,
  gate: GateConfig = configured,
): boolean {
  if (!gate.header || gate.blocked.size === 0 || value === undefined) return false;
  const code = value.trim().toUpperCase();
  return /^[A-Z]{2}$/.test(code) && gate.blocked.has(code);
}

/** `Vary` for responses that depend on the gate (none when the gate is off). */
export function countryVary(gate: GateConfig = configured): Record<string, string> {
  return gate.header && gate.blocked.size > 0 ? { Vary: gate.header } : {};
}
