/**
 * Vitest's jsdom environment, with Node's own AbortController and AbortSignal kept: jsdom's
 * replace them, and Node's fetch (undici, from Node 24) refuses a signal that is not its own
 * ("RequestInit: Expected signal … to be an instance of AbortSignal"), which breaks every
 * Request the Remix router makes in a component test (vitest-dev/vitest#8374).
 */
import { builtinEnvironments, type Environment } from "vitest/environments";

export default {
  name: "jsdom",
  transformMode: "web",
  async setup(global, options) {
    const { AbortController, AbortSignal } = global as typeof globalThis;
    const environment = await builtinEnvironments.jsdom.setup(global, options);
    Object.assign(global, { AbortController, AbortSignal });
    return environment;
  },
} satisfies Environment;
