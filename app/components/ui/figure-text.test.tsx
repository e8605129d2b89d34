// @vitest-environment jsdom-node-fetch
import { render } from "@testing-library/react";
import { describe, expect, it } from "vitest";

import { FigureText } from "./figure-text";

function kept(text: string): string[] {
  const { container } = render(<FigureText text={text} />);
  return [...container.querySelectorAll(".nowrap")].map((span) => span.textContent ?? "");
}

describe("FigureText", () => {
  it("keeps each figure with the unit that follows it, and the whole text", () => {
    const text = "Tu límite (600 €/día por defecto), desde 0,0005 BTC o 2.000 €";
    expect(kept(text)).toEqual(["600 €/día", "0,0005 BTC", "2.000 €"]);
    expect(render(<FigureText text={text} />).container.textContent).toBe(text);
  });

  it("leaves a number that ends a clause alone", () => {
    expect(kept("niveles 1 a 3, apuesta 1x")).toEqual(["1 a"]);
    expect(kept("Hasta unos minutos")).toEqual([]);
  });
});
