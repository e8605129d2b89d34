/**
 * `npm run content:schema`: writes the JSON Schemas of the content files to
 * content/schema/ (see app/content/json-schema.ts). Run it after changing a schema in
 * app/content/schema/; a unit test fails while the committed files are stale.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";

import { contentDirectory, displayName } from "../app/content/content-files.server";
import { contentJsonSchemas, SCHEMA_DIRECTORY } from "../app/content/json-schema";

const directory = path.join(contentDirectory().root, SCHEMA_DIRECTORY);
mkdirSync(directory, { recursive: true });
for (const [name, text] of Object.entries(contentJsonSchemas())) {
  writeFileSync(path.join(directory, name), text);
  console.log(`wrote ${displayName(path.join(directory, name))}`);
}
