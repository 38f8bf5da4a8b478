// @showcase/functions as a library: the preview handler and its pure core, for the dev stack
// (the same handler in-process behind the same rewrites) and the benches.
export * from './preview-page.js';
export * from './serve.js';
export { adminDocumentReader } from './firestore-reader.js';
export { globToRegExp, hostingRewriteFor, rewriteFunctionId } from './rewrites.js';
export type { HostingRewrite } from './rewrites.js';
