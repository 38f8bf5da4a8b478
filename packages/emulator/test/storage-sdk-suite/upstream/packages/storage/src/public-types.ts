// Not an upstream file: the suite's `import * as types from '../../src/public-types'` is used
// for types only; the published build's declarations carry the same public types.
export type * from '@firebase/storage';
