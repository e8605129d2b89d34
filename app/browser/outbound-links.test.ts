// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";

import {
  STORAGE_KEY,
  installOutboundLinks,
  rememberTrackingParams,
  storedTrackingParams,
} from "./outbound-links";

afterEach(() => {
  document.body.innerHTML = "";
  sessionStorage.clear();
});

describe("tracking parameters for the visit", () => {
  it("remembers only allowed parameters from the landing URL", () => {
    rememberTrackingParams(
      "?utm_source=google&partner=evil&subid=abc&x=1",
      "subid",
      sessionStorage,
    );
    expect(storedTrackingParams(sessionStorage, "subid")).toEqual([
      ["utm_source", "google"],
      ["subid", "abc"],
    ]);
  });

  it("keeps earlier parameters when a later page has none", () => {
    rememberTrackingParams("?utm_campaign=otono", "subid", sessionStorage);
    rememberTrackingParams("", "subid", sessionStorage);
    expect(storedTrackingParams(sessionStorage, "subid")).toEqual([["utm_campaign", "otono"]]);
  });

  it("treats tampered storage as untrusted", () => {
    sessionStorage.setItem(
      STORAGE_KEY,
      JSON.stringify([["partner", "evil"], ["utm_term", "ok"], [1, 2], "x"]),
    );
    expect(storedTrackingParams(sessionStorage, "subid")).toEqual([["utm_term", "ok"]]);
    sessionStorage.setItem(STORAGE_KEY, "{not json");
    expect(storedTrackingParams(sessionStorage, "subid")).toEqual([]);
  });
});

describe("installOutboundLinks", () => {
  it("adds the parameters to an affiliate link when clicked", () => {
    document.body.innerHTML = `
      <a id="signup" href="/sing-up/" data-affiliate="header-signup">Inscribirse</a>
      <a id="direct" href="https://aff.example/r?partner=1&banner=2" data-affiliate="content"><span>Jugar</span></a>
      <a id="plain" href="/terms">Términos</a>`;
    rememberTrackingParams("?utm_campaign=otono&gclid=G1", "subid", sessionStorage);
    const stop = installOutboundLinks({
      doc: document,
      storage: sessionStorage,
      subIdParam: "subid",
    });
    const click = (id: string, target?: Element) => {
      const anchor = document.getElementById(id)!;
      anchor.addEventListener("click", (event) => event.preventDefault(), { once: true });
      (target ?? anchor).dispatchEvent(
        new MouseEvent("click", { bubbles: true, cancelable: true }),
      );
      return anchor as HTMLAnchorElement;
    };

    expect(click("signup").href).toBe("http://localhost:3000/sing-up/?utm_campaign=otono&gclid=G1");
    const direct = click("direct", document.querySelector("#direct span")!);
    expect(new URL(direct.href).searchParams.get("partner")).toBe("1");
    expect(new URL(direct.href).searchParams.get("utm_campaign")).toBe("otono");
    expect(click("plain").getAttribute("href")).toBe("/terms");

    stop();
    sessionStorage.clear();
    rememberTrackingParams("?utm_campaign=otra", "subid", sessionStorage);
    const after = document.getElementById("signup") as HTMLAnchorElement;
    after.href = "/sing-up/";
    click("signup");
    expect(after.href).toBe("http://localhost:3000/sing-up/");
  });
});
