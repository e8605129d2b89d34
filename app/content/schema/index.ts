/**
 * The content model. Types come from the schemas (z.output); components import only
 * these types, never the schemas, so zod stays out of the browser bundle.
 */
export * from "./blocks";
export * from "./page";
export * from "./primitives";
export * from "./records";
export * from "./site";
