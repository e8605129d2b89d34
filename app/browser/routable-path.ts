/**
 * A path the router can match. Remix's route patterns never match a path whose decoded
 * form contains a line terminator (a JavaScript "." stops at them), and a path whose
 * percent-encoding does not decode cannot be matched at all. Such a path has its "%"
 * signs escaped, so the router sees the text as typed and the site answers its 404 page
 * naming it. The server applies this to every request (server/request-guard.ts), and the
 * browser to its own URL before hydrating, so both match the same route.
 */
const LINE_TERMINATORS = /[\n\r\u2028\u2029]/;

export function routablePath(path: string): string {
  try {
    if (!LINE_TERMINATORS.test(decodeURIComponent(path))) return path;
  } catch {
    // Malformed percent-encoding: escaped below.
  }
  return path.replaceAll("%", "%25");
}
