/**
 * Every content file the site is built from, embedded into the server build.
 * Adding a page: create content/pages/<name>.json and list it below; `npm run
 * content:check` fails when a JSON file in content/pages is missing from this list.
 */
import site from "./site.json";
import home from "./pages/home.json";
import es from "./pages/es.json";
import notFound from "./pages/404.json";
import forbidden from "./pages/403.json";
import terms from "./pages/terms.json";
import privacy from "./pages/privacy.json";
import responsible from "./pages/responsible.json";
import bonos from "./pages/bonos.json";
import vip from "./pages/vip.json";

export const siteFile = { file: "content/site.json", data: site as unknown };

export const pageFiles = [
  { file: "content/pages/home.json", data: home },
  { file: "content/pages/es.json", data: es },
  { file: "content/pages/404.json", data: notFound },
  { file: "content/pages/403.json", data: forbidden },
  { file: "content/pages/terms.json", data: terms },
  { file: "content/pages/privacy.json", data: privacy },
  { file: "content/pages/responsible.json", data: responsible },
  { file: "content/pages/bonos.json", data: bonos },
  { file: "content/pages/vip.json", data: vip },
].map(({ file, data }) => ({ file, data: data as unknown }));
