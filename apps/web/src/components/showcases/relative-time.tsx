import { relativeTime } from '../../lib/showcases/format';
import { useNow } from '../../hooks/use-now';

/** "5 min. ago" as a `<time>`, with the exact localized date and time on hover (`title`). */
export function RelativeTime({ date }: { date: Date }) {
  const now = useNow();
  const { dateTime, title, text } = relativeTime(date, new Date(now));
  return (
    <time dateTime={dateTime} title={title}>
      {text}
    </time>
  );
}
