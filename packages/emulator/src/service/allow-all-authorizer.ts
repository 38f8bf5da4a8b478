// The authorizer used until rules are loaded: everything is allowed, as the official emulator
// does without rules, and the banner says so loudly.
import type { Authorizer } from './types.js';

export const allowAllAuthorizer: Authorizer = {
  authorizeGet() {},
  authorizeList() {},
  authorizeWrites() {},
  describe() {
    return 'security rules are OFF: no rules loaded, every read and write is allowed';
  },
};
