import { useSession } from '../auth/session';
import { formatDateTime } from './format';

/** A moment shown in the brand's time zone (when the session gives it), else local time. */
export function DateTime({ value, seconds }: { value: string | null | undefined; seconds?: boolean }) {
  const { timeZone } = useSession();
  if (!value) return <span className="bo-muted">—</span>;
  return (
    <time dateTime={value} title={value}>
      {formatDateTime(value, timeZone, seconds)}
    </time>
  );
}
