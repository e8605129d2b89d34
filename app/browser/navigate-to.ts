/**
 * Programmatic navigation with a guard (docs/decisions/001-product-rules.md): a URL on another origin is refused
 * unless the caller opts in with { external: true }; script URLs (javascript:, data:,
 * vbscript:, …) are always refused.
 */
const SCRIPT_PROTOCOLS = new Set(["javascript:", "vbscript:", "data:", "blob:", "file:"]);

export type NavigateDeps = {
  /** Current page URL (for resolving relative URLs and comparing origins). */
  currentUrl: string;
  /** Client-side navigation inside the app (Remix's navigate). */
  navigate?: (path: string, options?: { replace?: boolean }) => void;
  /** Full document load (location.assign). */
  assign: (url: string) => void;
};

export type NavigateOptions = {
  external?: boolean;
  replace?: boolean;
  /** Load the target as a new document even when it is internal. */
  document?: boolean;
};

export class NavigationRefusedError extends Error {
  override name = "NavigationRefusedError";
}

export function navigateTo(url: string, options: NavigateOptions, deps: NavigateDeps): void {
  const compact = url.replace(/[\u0000-\u0020\u007f-\u009f]/g, "");
  let target: URL;
  try {
    target = new URL(compact, deps.currentUrl);
  } catch {
    throw new NavigationRefusedError(`Invalid URL: ${url}`);
  }
  if (SCRIPT_PROTOCOLS.has(target.protocol)) {
    throw new NavigationRefusedError(`${target.protocol} URL refused`);
  }
  const isExternal = target.origin !== new URL(deps.currentUrl).origin;
  if (isExternal && !options.external) {
    throw new NavigationRefusedError(`${target.href} is external: needs { external: true }`);
  }
  if (isExternal || options.document || !deps.navigate) {
    deps.assign(target.href);
    return;
  }
  deps.navigate(`${target.pathname}${target.search}${target.hash}`, { replace: options.replace });
}
