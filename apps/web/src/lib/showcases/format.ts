/**
 * Dates and counts in the reader's locale (the browser's default locale). The formatters are made
 * on first use, not when the chunk is evaluated: making the first one loads the locale's data, a
 * long task's worth on a slow phone, better spent in a render React can slice around.
 */
let dateTime: Intl.DateTimeFormat | undefined;
let dateOnly: Intl.DateTimeFormat | undefined;

const dateTimeFormat = (): Intl.DateTimeFormat =>
  (dateTime ??= new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }));
const dateOnlyFormat = (): Intl.DateTimeFormat =>
  (dateOnly ??= new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }));

export function formatDateTime(date: Date): string {
  return dateTimeFormat().format(date);
}

export function formatDate(date: Date): string {
  return dateOnlyFormat().format(date);
}

export function likesLabel(count: number): string {
  return `${count.toLocaleString()} ${count === 1 ? 'like' : 'likes'}`;
}

export function commentsLabel(count: number): string {
  return `${count.toLocaleString()} ${count === 1 ? 'comment' : 'comments'}`;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Older than this, a date reads better as a date than as "n days ago". */
const RECENT = 7 * DAY;

type RelativeFormats = { relative: Intl.RelativeTimeFormat; date: Intl.DateTimeFormat };

/** Per locale, made once: every card's date is formatted again on each tick of its clock. */
const relativeFormats = new Map<string, RelativeFormats>();

function relativeFormatsFor(locale: string | undefined): RelativeFormats {
  const key = locale ?? '';
  let formats = relativeFormats.get(key);
  if (!formats) {
    formats = {
      relative: new Intl.RelativeTimeFormat(locale, { numeric: 'auto', style: 'short' }),
      date:
        locale === undefined
          ? dateOnlyFormat()
          : new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }),
    };
    relativeFormats.set(key, formats);
  }
  return formats;
}

/**
 * "just now", "5 min. ago", "3 hr. ago", "yesterday", "3 days ago" for the past week; the
 * localized date beyond it. Days count calendar days in the reader's time zone (past the
 * first hour), so something from 23:50 read at 02:00 is "yesterday". A date slightly in the future (another device's
 * clock) is "just now".
 */
export function formatRelativeDate(date: Date, now: Date, locale?: string): string {
  const elapsed = now.getTime() - date.getTime();
  // The app's words are English; the numbers and units follow the locale.
  if (elapsed < MINUTE) return 'just now';
  const formats = relativeFormatsFor(locale);
  if (elapsed < HOUR) return formats.relative.format(-Math.floor(elapsed / MINUTE), 'minute');
  const days = calendarDaysBetween(date, now);
  if (days === 0) return formats.relative.format(-Math.floor(elapsed / HOUR), 'hour');
  if (elapsed < RECENT) return formats.relative.format(-days, 'day');
  return formats.date.format(date);
}

function calendarDaysBetween(earlier: Date, later: Date): number {
  const start = new Date(earlier.getFullYear(), earlier.getMonth(), earlier.getDate());
  const end = new Date(later.getFullYear(), later.getMonth(), later.getDate());
  // Rounded: a daylight-saving change makes one day 23 or 25 hours long.
  return Math.round((end.getTime() - start.getTime()) / DAY);
}

/** A showcase's title as shown: an empty one reads as "Untitled". */
export function displayTitle(title: string): string {
  return title || 'Untitled';
}

/** Its author as shown: a showcase whose owner has no display name is "by a member". */
export function displayOwner(ownerName: string): string {
  return ownerName || 'a member';
}

/** Whether a showcase's page says "Updated …": edited more than a second after it was created. */
export function showsUpdated(showcase: {
  createdAt: Date | null;
  updatedAt: Date | null;
}): boolean {
  const { createdAt, updatedAt } = showcase;
  return (
    updatedAt !== null && createdAt !== null && updatedAt.getTime() - createdAt.getTime() > 1000
  );
}

/** A `<time>`'s machine date, its exact date and time on hover, and its "5 min. ago". */
export function relativeTime(
  date: Date,
  now: Date,
): { dateTime: string; title: string; text: string } {
  return {
    dateTime: date.toISOString(),
    title: formatDateTime(date),
    text: formatRelativeDate(date, now),
  };
}
