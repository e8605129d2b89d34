/**
 * html-validate's configuration for the site's HTML (tests/e2e/html-validity.spec.ts
 * validates every page type and the dashboard with it; `npx html-validate page.html` reads
 * it too). The "standard" preset: the rules that follow the HTML standard, none of the
 * style rules. No rule is disabled.
 */
export default {
  extends: ["html-validate:standard"],
  elements: [
    "html5",
    {
      // The standard says a <link> needs `rel` (or `itemprop`, which the site never uses);
      // html-validate's html5 metadata does not check it, the W3C checker does.
      link: { requiredAttributes: ["href", "rel"] },
    },
  ],
};
