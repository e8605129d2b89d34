/** Stand-in for the compiler's virtual "@remix-run/dev/assets-manifest" in unit tests. */
export default { version: "test-build-id", url: "/build/manifest-test-build-id.js" };
