/**
 * The dashboard's session holds no state on the server: the cookie is signed with
 * SESSION_SECRET, so any instance that has the same secret accepts it. Each module load
 * below stands for one instance.
 */
import { afterEach, describe, expect, it, vi } from "vitest";

/** The auth module as an instance started with this SESSION_SECRET (or none) loads it. */
async function instance(secret: string | undefined) {
  vi.resetModules();
  if (secret) vi.stubEnv("SESSION_SECRET", secret);
  else vi.stubEnv("SESSION_SECRET", undefined);
  return import("./auth.server");
}

/** The Cookie header a browser sends back after this Set-Cookie. */
const cookieOf = (setCookie: string) => setCookie.split(";")[0]!;

afterEach(() => vi.unstubAllEnvs());

describe("the dashboard's session across instances", () => {
  it("is accepted by another instance with the same SESSION_SECRET", async () => {
    const secret = "a-cluster-wide-session-secret-of-32-chars+";
    const first = await instance(secret);
    const second = await instance(secret);
    const cookie = cookieOf(await first.logIn(new Request("https://site.example/admin")));
    const request = new Request("https://site.example/admin", { headers: { Cookie: cookie } });
    expect(await second.isLoggedIn(request)).toBe(true);
  });

  it("is refused by an instance without SESSION_SECRET (each makes its own)", async () => {
    const first = await instance(undefined);
    const second = await instance(undefined);
    const cookie = cookieOf(await first.logIn(new Request("https://site.example/admin")));
    const request = new Request("https://site.example/admin", { headers: { Cookie: cookie } });
    expect(await first.isLoggedIn(request)).toBe(true);
    expect(await second.isLoggedIn(request)).toBe(false);
  });
});
