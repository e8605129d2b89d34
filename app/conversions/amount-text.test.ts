import { describe, expect, it } from "vitest";

import { amountText } from "./amount-text";

describe("amountText", () => {
  it("writes cents exactly, in Spanish, with their sign", () => {
    expect(amountText(0)).toBe("0,00");
    expect(amountText(5)).toBe("0,05");
    expect(amountText(1250)).toBe("12,50");
    expect(amountText(123456789)).toBe("1.234.567,89");
    expect(amountText(-300)).toBe("-3,00");
    expect(amountText(99999999999999)).toBe("999.999.999.999,99");
  });
});
