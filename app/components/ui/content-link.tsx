/**
 * One anchor for every link that comes from content. Internal pages navigate client-side
 * through Remix's <Link>; affiliate links (sign-up, login, redirect URLs) are sponsored
 * and never followed by search engines; external links open as content says.
 */
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";

import { useInterfaceTexts } from "~/components/layout/interface-texts";
import type { LinkTarget, UrlType } from "~/content/schema";

type ContentLinkProps = {
  href: string;
  urlType?: UrlType;
  /** Absolute affiliate URL that replaces `href` when set. */
  redirectUrl?: string;
  target?: LinkTarget;
  className?: string;
  children: ReactNode;
  "aria-label"?: string;
};

/** The placement an affiliate link names (its /go/<id>), for data-affiliate. */
function affiliateLinkId(href: string): string {
  return href.startsWith("/go/") ? href.slice("/go/".length) : "content";
}

/** rel for a link: sponsored for the affiliate, noopener for new tabs. */
export function relFor(urlType: UrlType, target: LinkTarget): string | undefined {
  const rel = urlType === "affiliate" ? ["nofollow", "sponsored"] : [];
  if (target === "_blank") rel.push("noopener");
  return rel.length > 0 ? rel.join(" ") : undefined;
}

export function ContentLink({
  href,
  urlType = "internal",
  redirectUrl,
  target = "_self",
  children,
  ...rest
}: ContentLinkProps) {
  const ui = useInterfaceTexts();
  const destination = redirectUrl ?? href;
  // Screen readers say that the link opens a new tab (the text comes from content).
  if (target === "_blank" && ui) {
    children = (
      <>
        {children}
        <span className="visually-hidden"> {ui.opens_in_new_tab}</span>
      </>
    );
  }
  const isPage = urlType === "internal" && destination.startsWith("/") && !redirectUrl;
  if (isPage) {
    return (
      <Link
        to={destination}
        prefetch="intent"
        target={target === "_blank" ? target : undefined}
        {...rest}
      >
        {children}
      </Link>
    );
  }
  return (
    <a
      href={destination}
      target={target === "_blank" ? target : undefined}
      rel={relFor(urlType, target)}
      data-affiliate={urlType === "affiliate" ? affiliateLinkId(destination) : undefined}
      {...rest}
    >
      {children}
    </a>
  );
}
