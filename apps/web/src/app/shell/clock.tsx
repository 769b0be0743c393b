import { CLOCK_TICK_MS } from '@app/contracts';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

const INTL_LOCALE: Record<string, string> = {
  cn: 'zh-CN',
  en: 'en',
  id: 'id',
  my: 'ms',
  th: 'th',
  ty: 'fil',
  vi: 'vi',
};

/** YYYY/MM/DD (ddd) HH:mm:ss in the brand's time zone, with the weekday in the current language. */
export function formatClock(date: Date, timeZone: string, locale: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(date);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const weekday = new Intl.DateTimeFormat(locale, { timeZone, weekday: 'short' }).format(date);
  return `${get('year')}/${get('month')}/${get('day')} (${weekday}) ${get('hour')}:${get('minute')}:${get('second')}`;
}

export function Clock({ timeZone }: { timeZone: string }) {
  const { i18n } = useTranslation();
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const id = window.setInterval(() => setNow(new Date()), CLOCK_TICK_MS);
    return () => window.clearInterval(id);
  }, []);
  const locale = useMemo(() => INTL_LOCALE[i18n.language] ?? 'en', [i18n.language]);
  return (
    <time className="clock" dateTime={now.toISOString()} data-testid="clock" title={timeZone}>
      {formatClock(now, timeZone, locale)}
    </time>
  );
}
