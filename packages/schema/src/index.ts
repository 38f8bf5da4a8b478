// The showcase's one definition, for the app (Vite), its tests, the e2e suite and Node scripts.
export * from './showcase.js';
export * from './showcase-form.js';
export * from './document-id.js';
export * from './images.js';
export * from './web-url.js';
export * from './builders.js';
export * from './search-terms.js';
export * from './audience.js';
export * from './audience-input.js';
export * from './rest-values.js';
