/**
 * What someone typed in a showcase's **Add a comment** field, kept in the tab's session storage
 * so a reload, or the way through sign-in and back, loses nothing. Session storage rather than
 * local storage: a visitor keeps nothing on the device once the tab is closed, and a draft does
 * not follow anyone to another tab where they may already have posted it.
 */
const key = (showcaseId: string) => `showcase.comment-draft.${showcaseId}`;

export function readCommentDraft(showcaseId: string): string {
  try {
    return sessionStorage.getItem(key(showcaseId)) ?? '';
  } catch {
    // Storage blocked by the browser: the draft lives as long as the field.
    return '';
  }
}

export function writeCommentDraft(showcaseId: string, text: string): void {
  try {
    if (text.length === 0) sessionStorage.removeItem(key(showcaseId));
    else sessionStorage.setItem(key(showcaseId), text);
  } catch {
    // As above: nothing to keep it in.
  }
}

/** The id of the comment field, and the fragment that brings a returning reader to it. */
export const COMMENT_FIELD_ID = 'add-comment';
