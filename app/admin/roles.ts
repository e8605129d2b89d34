/**
 * What each role of the dashboard may do: `editor` writes drafts and previews them;
 * `publisher` also publishes, restores and manages media; `admin` also manages people, the
 * site settings, postbacks and the import, and accepts a destination's warning. `can` is the one place that says so; the
 * server enforces it (people.server.ts, the routes), the menu only follows it.
 */
export const ROLES = ["editor", "publisher", "admin"] as const;
export type Role = (typeof ROLES)[number];

/** The roles in the studio's words. */
export const ROLE_WORDS: Record<Role, string> = {
  editor: "Edición (borradores y vista previa)",
  publisher: "Publicación (también publica, restaura y gestiona imágenes)",
  admin: "Administración (también personas, ajustes, postbacks e importación)",
};

export type Person = { email: string; name: string; role: Role };

export type Permission =
  "publish" | "media" | "settings" | "people" | "postbacks" | "import" | "links";

const NEEDS: Record<Permission, Role> = {
  publish: "publisher",
  media: "publisher",
  settings: "admin",
  people: "admin",
  postbacks: "admin",
  import: "admin",
  /** Accepting a destination's warning (the Enlaces page). */
  links: "admin",
};

/** Whether a person's role allows it. */
export function can(person: Pick<Person, "role">, permission: Permission): boolean {
  return ROLES.indexOf(person.role) >= ROLES.indexOf(NEEDS[permission]);
}

/** What a role lacks, in a sentence for a 403 page. */
export function refusal(person: Person, what: string): string {
  return `Tu cuenta (${person.email}, ${ROLE_WORDS[person.role].split(" (")[0]!.toLowerCase()}) no puede ${what}. Pídeselo a una persona con una cuenta de administración.`;
}
