export type { SessionState, SessionUser, SignOutReason } from './session-store';
export { loadAuthApi, startSession } from './session-store';
export { useCurrentUser, useSession } from './use-session';
