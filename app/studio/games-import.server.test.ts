/** The games' CSV import: rows read from a spreadsheet's file, then applied to the records. */
import { describe, expect, it } from "vitest";

import { readGamesCsv, slugOf, withImportedGames } from "./games-import.server";

const starburst = {
  slug: "starburst",
  name: "Starburst",
  provider: "NetEnt",
  rtp: 96.09,
  volatility: "baja",
  image: "/images/games/starburst.svg",
  summary: "Texto propio",
};

describe("readGamesCsv", () => {
  it("reads a Spanish spreadsheet (;, decimal comma) and an English one, new and changed", () => {
    const spanish = readGamesCsv(
      "\uFEFFNombre;Proveedor;RTP;Volatilidad;Imagen\nGonzo's Quest;NetEnt;95,97 %;media;gonzos-quest.svg\nStarburst;NetEnt;96,09;baja;starburst.svg",
      [starburst],
    );
    expect(spanish.problems).toEqual([]);
    expect(
      spanish.rows.map(({ slug, rtp, volatility, image, status }) => ({
        slug,
        rtp,
        volatility,
        image,
        status,
      })),
    ).toEqual([
      {
        slug: "gonzos-quest",
        rtp: 95.97,
        volatility: "media",
        image: "/images/games/gonzos-quest.svg",
        status: "nuevo",
      },
      {
        slug: "starburst",
        rtp: 96.09,
        volatility: "baja",
        image: "/images/games/starburst.svg",
        status: "igual",
      },
    ]);
    const english = readGamesCsv(
      "name,provider,rtp,volatility,image\nStarburst,NetEnt,96.1,low,/media/starburst.webp",
      [starburst],
    );
    expect(english.rows[0]).toMatchObject({
      status: "cambia",
      rtp: 96.1,
      image: "/media/starburst.webp",
      problems: [],
    });
  });

  it("names what is wrong on each line, and a file without the columns", () => {
    const read = readGamesCsv(
      "nombre;proveedor;rtp;volatilidad;imagen\n;NetEnt;200;extrema;\nA;B;96;alta;a.svg\nA;B;96;alta;a.svg",
      [],
    );
    expect(read.rows[0]!.problems).toEqual([
      "falta el nombre",
      "el RTP debe ser un porcentaje entre 50 y 100, p. ej. 96,5",
      "la volatilidad debe ser baja, media o alta",
      "falta la imagen",
    ]);
    expect(read.rows[2]!.problems).toEqual(["este juego ya está en otra línea del archivo"]);
    expect(readGamesCsv("juego;rtp\nA;96", []).problems[0]).toMatch(
      /^Faltan columnas: proveedor, volatilidad, imagen/,
    );
    expect(readGamesCsv("", []).problems).toEqual(["El archivo está vacío."]);
  });
});

describe("withImportedGames", () => {
  it("updates a game's facts and keeps its texts; a new game gets its texts to write", () => {
    const rows = readGamesCsv(
      "nombre;proveedor;rtp;volatilidad;imagen\nStarburst;NetEnt;96,1;baja;starburst.svg\nReactoonz;Play'n GO;96,51;alta;reactoonz.svg",
      [starburst],
    ).rows;
    const games = withImportedGames([starburst], rows);
    expect(games[0]).toEqual({ ...starburst, rtp: 96.1 });
    expect(games[1]).toMatchObject({
      slug: "reactoonz",
      rtp: 96.51,
      summary: expect.stringContaining("[Por completar"),
    });
  });

  it("makes a path segment of a name", () => {
    expect(slugOf("Gonzo's Quest")).toBe("gonzos-quest");
    expect(slugOf("Ñandú: Édition Spéciale!")).toBe("nandu-edition-speciale");
  });
});
