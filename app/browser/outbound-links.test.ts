// @vitest-environment jsdom-node-fetch
import { afterEach, describe, expect, it } from "vitest";

import {
  REFERRER_KEY,
  STORAGE_KEY,
  installOutboundLinks,
  rememberLanding,
  storedTrackingParams,
  visitSource,
} from "./outbound-links";

const source = {
  storage: sessionStorage,
  subIdParam: "subid",
  siteHosts: new Set(["localhost", "brisamar.example"]),
};
/** A document load of the site at `search`, arriving from `referrer`. */
const land = (search: string, referrer = "") => rememberLanding({ search, referrer }, source);

afterEach(() => {
  document.body.innerHTML = "";
  sessionStorage.clear();
});

describe("the visit's source", () => {
  it("remembers only allowed parameters from the landing URL", () => {
    land("?utm_source=google&partner=evil&subid=abc&x=1");
    expect(storedTrackingParams(sessionStorage, "subid")).toEqual([
      ["utm_source", "google"],
      ["subid", "abc"],
    ]);
  });

  it("keeps the landing's source when a later page has none or comes from the site itself", () => {
    land("?utm_campaign=otono", "https://buscador.example/search?q=casino");
    land("");
    land("?x=1", "https://www.brisamar.example/bonos");
    expect(visitSource(source)).toEqual({
      params: [["utm_campaign", "otono"]],
      referrer: "buscador.example",
    });
  });

  it("stores the external referrer's host, never its URL", () => {
    land("", "https://www.Buscador.example/search?q=mi+nombre");
    expect(sessionStorage.getItem(REFERRER_KEY)).toBe("buscador.example");
    expect(visitSource(source)).toEqual({ params: [], referrer: "buscador.example" });
  });

  it("replaces the source at a new landing, from another site or with parameters", () => {
    land("?utm_source=newsletter", "https://correo.example/");
    land("", "https://foro.example/hilo/1");
    expect(visitSource(source)).toEqual({ params: [], referrer: "foro.example" });
    land("?utm_campaign=invierno");
    expect(visitSource(source)).toEqual({ params: [["utm_campaign", "invierno"]], referrer: null });
  });

  it("gives no referrer when the landing had a utm_source", () => {
    land("?utm_source=newsletter&utm_medium=email", "https://correo.example/");
    expect(visitSource(source)).toEqual({
      params: [
        ["utm_source", "newsletter"],
        ["utm_medium", "email"],
      ],
      referrer: null,
    });
  });

  it("treats tampered storage as untrusted", () => {
    sessionStorage.setItem(
      STORAGE_KEY,
      JSON.stringify([["partner", "evil"], ["utm_term", "ok"], [1, 2], "x"]),
    );
    sessionStorage.setItem(REFERRER_KEY, "<script>alert(1)</script>");
    expect(visitSource(source)).toEqual({ params: [["utm_term", "ok"]], referrer: null });
    sessionStorage.setItem(STORAGE_KEY, "{not json");
    sessionStorage.setItem(REFERRER_KEY, "brisamar.example");
    expect(visitSource(source)).toEqual({ params: [], referrer: null });
  });
});

describe("installOutboundLinks", () => {
  const click = (id: string, target?: Element) => {
    const anchor = document.getElementById(id)!;
    anchor.addEventListener("click", (event) => event.preventDefault(), { once: true });
    (target ?? anchor).dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true }));
    return anchor as HTMLAnchorElement;
  };

  it("adds the parameters to an affiliate link when clicked", () => {
    document.body.innerHTML = `
      <a id="signup" href="/sing-up/" data-affiliate="header-signup">Inscribirse</a>
      <a id="direct" href="https://aff.example/r?partner=1&banner=2" data-affiliate="content"><span>Jugar</span></a>
      <a id="plain" href="/terms">Términos</a>`;
    land("?utm_campaign=otono&gclid=G1");
    const stop = installOutboundLinks({ doc: document, ...source });

    expect(click("signup").href).toBe("http://localhost:3000/sing-up/?utm_campaign=otono&gclid=G1");
    const direct = click("direct", document.querySelector("#direct span")!);
    expect(new URL(direct.href).searchParams.get("partner")).toBe("1");
    expect(new URL(direct.href).searchParams.get("utm_campaign")).toBe("otono");
    expect(click("plain").getAttribute("href")).toBe("/terms");

    stop();
    sessionStorage.clear();
    land("?utm_campaign=otra");
    const after = document.getElementById("signup") as HTMLAnchorElement;
    after.href = "/sing-up/";
    click("signup");
    expect(after.href).toBe("http://localhost:3000/sing-up/");
  });

  it("adds the landing's referrer host to the site's outbound routes only", () => {
    document.body.innerHTML = `
      <a id="go" href="/go/home-hero" data-affiliate="home-hero">Jugar</a>
      <a id="direct" href="https://aff.example/r?partner=1" data-affiliate="content">Jugar</a>`;
    land("?utm_campaign=otono", "https://foro.example/hilo/1");
    const stop = installOutboundLinks({ doc: document, ...source });

    expect(click("go").href).toBe(
      "http://localhost:3000/go/home-hero?utm_campaign=otono&ref=foro.example",
    );
    expect(click("direct").href).toBe("https://aff.example/r?partner=1&utm_campaign=otono");
    stop();
  });

  it("sends no referrer host when the landing had a utm_source", () => {
    document.body.innerHTML = `<a id="go" href="/go/home-hero" data-affiliate="home-hero">Jugar</a>`;
    land("?utm_source=newsletter", "https://correo.example/");
    const stop = installOutboundLinks({ doc: document, ...source });
    expect(click("go").href).toBe("http://localhost:3000/go/home-hero?utm_source=newsletter");
    stop();
  });
});
