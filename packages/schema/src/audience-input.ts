import type { ReportInput, ReportReason, Validated } from './audience.js';
import { COMMENT_TEXT_MAX, REPORT_NOTE_MAX, REPORT_REASONS, plainText } from './audience.js';
import { characterCount } from './web-url.js';

// What people type into the audience's forms (a comment, a report), checked with the words the
// app shows. Apart from audience.ts so that only the screens with those forms carry the words:
// audience.ts's readers come with every screen that reads Firestore.

export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  spam: 'Spam or advertising',
  harassment: 'Harassment or hate',
  inappropriate: 'Inappropriate or explicit content',
  copyright: 'Someone else’s work',
  other: 'Something else',
};

/** Checks a typed comment; the value is the text to store. */
export function validateCommentText(typed: string): Validated<string> {
  const text = plainText(typed);
  if (text.length === 0) return { ok: false, error: 'Write something first.' };
  const count = characterCount(text);
  if (count > COMMENT_TEXT_MAX)
    return {
      ok: false,
      error: `Keep comments to ${COMMENT_TEXT_MAX.toLocaleString('en')} characters (now ${count.toLocaleString('en')}).`,
    };
  return { ok: true, value: text };
}

/** What a report points at: `showcases/{id}` or `showcases/{id}/comments/{commentId}`. */
export const REPORT_TARGET_PATTERN =
  /^showcases\/[A-Za-z0-9_-]{1,128}(\/comments\/[A-Za-z0-9_-]{1,128})?$/;

/** Checks a report before it is sent; the value is what to store (an empty note is none). */
export function validateReport(input: {
  target: string;
  reason: string;
  note: string;
}): Validated<ReportInput> {
  if (!REPORT_TARGET_PATTERN.test(input.target))
    return { ok: false, error: 'Only a showcase or a comment can be reported.' };
  if (!(REPORT_REASONS as readonly string[]).includes(input.reason))
    return { ok: false, error: 'Choose a reason.' };
  const note = plainText(input.note);
  const count = characterCount(note);
  if (count > REPORT_NOTE_MAX)
    return { ok: false, error: `Keep the note to ${REPORT_NOTE_MAX} characters (now ${count}).` };
  return {
    ok: true,
    value: { target: input.target, reason: input.reason as ReportReason, note: note || null },
  };
}
