/**
 * Everything a visitor reads or a screen reader announces is Spanish: the visible text and
 * the accessible names of every page are scanned for the interface's former English
 * messages and for English words. The one English text is the check-page notice the
 * specification fixes ("Page Not Found: {path}"), on an invalid path only.
 */
import { expect, pages, readContent, test } from "./fixtures";

/** What the interface used to say in English (and must not say again). */
const ENGLISH_MESSAGES = [
  "Skip to main content",
  "Account",
  "Footer",
  "Follow us",
  "Responsible gambling",
  "opens in a new tab",
  "A new version of this site is available",
  "Reload",
  "Dismiss",
];
/** English words that no Spanish page text contains. */
const ENGLISH_WORDS =
  /\b(the|and|with|your|page|click|here|more|new|tab|opens|follow|skip|main|content|version)\b/i;

async function textsOf(page: import("@playwright/test").Page) {
  const visible = await page.locator("body").innerText();
  // The accessible names: the quoted strings of the ARIA snapshot (roles and URLs are not
  // what a screen reader says as text).
  const snapshot = await page.locator("body").ariaSnapshot();
  const aria = snapshot
    .split("\n")
    .filter((line) => !/^\s*- \/\w+:/.test(line))
    .flatMap((line) => [...line.matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((match) => match[1]!))
    .join("\n");
  return { visible, aria };
}

/**
 * Proper names the content uses as they are (games, studios, payment methods, social and
 * review sites): real brand names may appear as text in any language.
 */
const PROPER_NAMES = (() => {
  const names = new Set<string>();
  const visit = (value: unknown, key = "") => {
    if (typeof value === "string") {
      if (["name", "provider", "payment_system", "alt"].includes(key)) names.add(value);
    } else if (Array.isArray(value)) value.forEach((item) => visit(item, key));
    else if (value && typeof value === "object") {
      for (const [name, item] of Object.entries(value)) visit(item, name);
    }
  };
  visit(readContent("site.json"));
  for (const page of pages) visit(page);
  // Longest first, so "Gates of Olympus 1000" goes before "Gates of Olympus".
  return [...names].sort((a, b) => b.length - a.length);
})();

function englishIn(text: string): string[] {
  const found = ENGLISH_MESSAGES.filter((message) => text.includes(message));
  // Brand names and URLs are not words of the page's language.
  let words = text.replace(/https?:\/\/\S+|[\w.-]+\.(es|com|org)\b|\/[\w/#.-]+/g, " ");
  for (const name of PROPER_NAMES) words = words.replaceAll(name, " ");
  const match = ENGLISH_WORDS.exec(words);
  return match
    ? [
        ...found,
        `word "${match[0]}" in …${words.slice(Math.max(0, match.index - 40), match.index + 40)}…`,
      ]
    : found;
}

for (const { slug } of pages) {
  test(`${slug}: visible text and accessible names are Spanish`, async ({ page }) => {
    await page.goto(slug);
    await page.locator("html[data-hydrated='true']").waitFor({ state: "attached" });
    const { visible, aria } = await textsOf(page);
    expect(englishIn(visible), "visible text").toEqual([]);
    expect(englishIn(aria), "accessible names").toEqual([]);
    expect(visible).not.toContain("Page Not Found");
  });
}

test("the only English text is the check-page notice of an invalid path", async ({ page }) => {
  await page.goto("/Not_A_Valid_Path!");
  const { visible, aria } = await textsOf(page);
  expect(visible).toContain("Page Not Found: /Not_A_Valid_Path!");
  const withoutNotice = (text: string) => text.replace(/Page Not Found: \S+/g, "");
  expect(englishIn(withoutNotice(visible))).toEqual([]);
  expect(englishIn(withoutNotice(aria))).toEqual([]);
});
