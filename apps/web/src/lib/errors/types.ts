/**
 * What the UI offers after an error. Screens map each recovery to one affordance, so a service
 * table only chooses from this list and never talks about buttons.
 */
export type Recovery =
  /** Nothing to do but read the message. */
  | 'none'
  /** A cancel by the user (closed pop-up): show nothing alarming. */
  | 'cancel'
  /** The message belongs to one form field; fixing the input is the recovery. */
  | 'fix-field'
  /** Offer **Retry**: the same request with the same input. */
  | 'retry'
  /** The session is gone: sign in again, then come back to the same route. */
  | 'sign-in'
  /** The account already exists: offer to sign in to it instead. */
  | 'sign-in-instead'
  /** Offer the password-reset screen (it also says to wait where throttled). */
  | 'reset-password'
  /** Say when it is worth trying again; no button. */
  | 'wait'
  /** Tell the user how to allow pop-ups (or fall back to a redirect). */
  | 'allow-popups'
  /** Confirm identity (password or provider pop-up), then repeat the action. */
  | 'reauthenticate'
  /** Reload the page after changing a browser setting. */
  | 'reload'
  /** Show the offline state; queued writes stay queued. */
  | 'offline'
  /** Show the screen's not-found state. */
  | 'not-found';

/** A form field an error can be attached to. */
export type ErrorField = 'email' | 'password' | 'displayName' | 'photoURL';

export type ErrorInfo = {
  /** Plain words for the user; never a raw code. */
  message: string;
  recovery: Recovery;
  /** When set, the message is shown under this field instead of above the form. */
  field?: ErrorField;
};

/** One service's codes, exactly as its SDK spells them (`auth/invalid-email`, `permission-denied`). */
export type ErrorTable = {
  service: string;
  entries: Readonly<Record<string, ErrorInfo>>;
};

export type DescribedError = ErrorInfo & {
  /** The code found on the error, or `null` when it had none. */
  code: string | null;
  /** False when the code is not in any table and the generic message was used. */
  known: boolean;
};
