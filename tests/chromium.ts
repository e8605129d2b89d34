/**
 * How every browser tool of the project (Playwright tests, screenshots, Lighthouse)
 * starts Debian's Chromium: no downloaded browser, no background network traffic.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];
