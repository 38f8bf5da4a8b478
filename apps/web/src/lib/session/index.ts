// The session as the app uses it. Types only from the runner and the user record, so this index
// (imported by the entry chunk) never pulls their code in.
export type { SessionState, SignOutReason } from './session-machine';
export type {
  BeforeSignOutHook,
  GoogleOutcome,
  SessionActions,
  SignUpResult,
} from './session-runner';
export type { ProviderProfile, ReauthenticationMethod, SessionUser } from './session-user';
export { sessionActions, startSession, whenSessionStarted } from './session-store';
export { expectsVisitor } from './expected-viewer';
export { FixedViewer, useCurrentUser, useSession, useViewer } from './use-session';
