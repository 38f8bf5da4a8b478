import { formatDateTime, formatRelativeDate } from '../../lib/showcases/format';
import { useNow } from '../../hooks/use-now';

/** "5 min. ago" as a `<time>`, with the exact localized date and time on hover (`title`). */
export function RelativeTime({ date }: { date: Date }) {
  const now = useNow();
  return (
    <time dateTime={date.toISOString()} title={formatDateTime(date)}>
      {formatRelativeDate(date, new Date(now))}
    </time>
  );
}
