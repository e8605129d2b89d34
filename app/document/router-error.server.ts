/**
 * Requests that Remix's router refuses before any loader runs (a method it does not
 * support, such as OPTIONS or PROPFIND) end at the root ErrorBoundary without the root
 * loader's data, so the page would lose its header and footer and carry the router's
 * internal message. This puts the site data and a clean error into both the server
 * render and the hydration state, so the answer is an ordinary 4xx page of the site.
 */
import type { EntryContext } from "@remix-run/node";

import { rootData } from "./root-data.server";

const STATUS_TEXT: Record<number, string> = { 404: "Not Found", 405: "Method Not Allowed" };

type HandoffState = { state?: { loaderData?: Record<string, unknown>; errors?: unknown } };

/** Same escaping Remix applies to the hydration state it inlines in a <script>. */
function escapeForScript(json: string): string {
  return json.replace(
    /[&<>\u2028\u2029]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}

/** True when the router answered with an error before the root loader could run. */
export function isRouterLevelError(context: EntryContext): boolean {
  const { errors, loaderData } = context.staticHandlerContext;
  return Boolean(errors?.root) && loaderData.root === undefined;
}

/** Returns an entry context whose root has its data and a clean error for `status`. */
export async function withRootData(
  context: EntryContext,
  status: number,
  request: Request,
): Promise<EntryContext> {
  const error = { status, statusText: STATUS_TEXT[status] ?? "", internal: false, data: null };
  const data = await rootData(request);
  const handoff = JSON.parse(context.serverHandoffString ?? "{}") as HandoffState;
  handoff.state = {
    ...handoff.state,
    loaderData: { root: data },
    errors: { root: { ...error, __type: "RouteErrorResponse" } },
  };
  return {
    ...context,
    staticHandlerContext: {
      ...context.staticHandlerContext,
      loaderData: { root: data },
      errors: { root: error },
    },
    serverHandoffString: escapeForScript(JSON.stringify(handoff)),
  };
}
