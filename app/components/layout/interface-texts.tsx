/**
 * The interface texts of content (site.json "ui"), for components deep in the page that
 * have no access to the root loader (content links): provided by the site chrome.
 */
import { createContext, useContext } from "react";

import type { PublicSite } from "~/content/public-site";

export const InterfaceTexts = createContext<PublicSite["ui"] | null>(null);

export const useInterfaceTexts = () => useContext(InterfaceTexts);
