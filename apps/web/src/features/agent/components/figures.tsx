import { formatInZone } from '../../../lib/zoned-time';

/** Money in green, money out red (the member centre's classes). */
export const signClass = (v: number) => (v > 0 ? 'mc-in' : v < 0 ? 'mc-out' : '');
export const numClass = (v: number) => `mc-num ${signClass(v)}`.trim();

/** yyyy-MM-dd over HH:mm:ss in the brand's zone; a dash when there is no time. */
export function TwoLineTime({ iso, timeZone, none }: { iso: string | null; timeZone: string; none: string }) {
  if (!iso) return <span className="mc-sub">{none}</span>;
  const [day, time] = formatInZone(iso, timeZone).split(' ');
  return (
    <time dateTime={iso} className="mc-time">
      {day}
      <span className="mc-sub">{time}</span>
    </time>
  );
}
