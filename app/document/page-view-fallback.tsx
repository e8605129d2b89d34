/**
 * A page's view without JavaScript (app/browser/page-views.ts counts it with): an image
 * request to the view endpoint naming the page shown (its slug, set by root.tsx). With JavaScript the browser never
 * parses a <noscript>, so a view is never counted twice. The endpoint takes the landing's
 * tracking parameters from the Referer, the page's full URL: `same-origin` sends it in full
 * to the site whatever the site's own Referrer-Policy, and to no one else.
 */
import { VIEW_FIELDS, VIEW_PATH } from "~/views/view-endpoint";

export function PageViewFallback({ path }: { path: string }) {
  return (
    <noscript>
      <img
        src={`${VIEW_PATH}?${new URLSearchParams({ [VIEW_FIELDS.page]: path })}`}
        alt=""
        width={1}
        height={1}
        hidden
        aria-hidden="true"
        referrerPolicy="same-origin"
      />
    </noscript>
  );
}
