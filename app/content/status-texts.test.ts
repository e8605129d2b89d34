import { describe, expect, it } from "vitest";

import { site } from "./content.server";
import { errorTextsFor } from "./status-texts";

describe("errorTextsFor", () => {
  it.each([
    [400, "bad_request"],
    [404, "not_found"],
    [405, "method_not_allowed"],
    [413, "payload_too_large"],
    [503, "service_unavailable"],
    [500, "server_error"],
    [418, "server_error"],
  ] as const)("shows the %i page with the %s texts", (status, key) => {
    expect(errorTextsFor(status, site.errors)).toBe(site.errors[key]);
  });
});
