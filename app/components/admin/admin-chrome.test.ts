import { describe, expect, it } from "vitest";

import { currentEntry } from "./admin-chrome";

const ENTRIES = ["/admin", "/admin/enlaces", "/admin/contenido", "/admin/contenido/medios"];

describe("the menu's entry for where you are", () => {
  it("is the page itself when the menu has it, with or without a trailing slash", () => {
    expect(currentEntry("/admin", ENTRIES)).toEqual({ to: "/admin", current: "page" });
    expect(currentEntry("/admin/enlaces/", ENTRIES)).toEqual({
      to: "/admin/enlaces",
      current: "page",
    });
    // Imágenes alone, not Contenido as well.
    expect(currentEntry("/admin/contenido/medios", ENTRIES)).toEqual({
      to: "/admin/contenido/medios",
      current: "page",
    });
  });

  it("is the deepest section that holds a page the menu has not", () => {
    expect(currentEntry("/admin/contenido/paginas/inicio", ENTRIES)).toEqual({
      to: "/admin/contenido",
      current: "true",
    });
    expect(currentEntry("/admin/contenido/medios/12", ENTRIES)).toEqual({
      to: "/admin/contenido/medios",
      current: "true",
    });
    // The dashboard is no section of the other pages.
    expect(currentEntry("/admin/otra", ENTRIES)).toBeNull();
  });
});
