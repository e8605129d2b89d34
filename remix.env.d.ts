/// <reference types="@remix-run/dev" />
/// <reference types="@remix-run/node" />

/** The server build's asset manifest (a virtual module of the classic compiler). */
declare module "@remix-run/dev/assets-manifest" {
  const manifest: { version: string; url: string };
  export default manifest;
}
