/**
 * A time as yyyy-MM-dd HH:mm:ss (or yyyy-MM-dd HH:mm) in an IANA zone (the brand's), the same
 * for every language. An unknown zone falls back to UTC rather than failing.
 */
export function formatInZone(iso: string, timeZone: string, withSeconds = true): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  let fmt: Intl.DateTimeFormat;
  try {
    fmt = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
  } catch {
    return formatInZone(iso, 'UTC', withSeconds);
  }
  const p = Object.fromEntries(fmt.formatToParts(date).map((x) => [x.type, x.value]));
  const time = withSeconds ? `${p.hour}:${p.minute}:${p.second}` : `${p.hour}:${p.minute}`;
  return `${p.year}-${p.month}-${p.day} ${time}`;
}
