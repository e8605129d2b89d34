/**
 * Unit-test setup: any console.error fails the test that caused it (React warnings,
 * hydration problems, logged exceptions), and rendered trees are cleaned up.
 */
import { afterEach, vi } from "vitest";

afterEach(async () => {
  if (typeof document !== "undefined") {
    const { cleanup } = await import("@testing-library/react");
    cleanup();
  }
});

vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
  throw new Error(`console.error was called: ${args.map(String).join(" ")}`);
});
