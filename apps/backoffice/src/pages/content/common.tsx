import type { ContentLanguages, Language } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import { useSession } from '../../auth/session';
import { Badge } from '../../ui';

/** The brand's languages, its default first: every text is written per language. */
export function useLanguages() {
  const { brand } = useSession();
  return useQuery({
    queryKey: ['content', 'languages', brand],
    queryFn: () => api.get<ContentLanguages>('/content/languages'),
    staleTime: 60_000,
  });
}

/** An ISO instant as the value of a datetime-local input (local time, to the second). */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/** A datetime-local value as an ISO instant; empty is null, an unreadable value is 'invalid'. */
export function fromLocalInput(value: string): string | null | 'invalid' {
  if (!value.trim()) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? 'invalid' : d.toISOString();
}

/** Where an item stands for players now: draft, waiting for its start, shown, or over. */
export function StateBadge(props: { status: 'DRAFT' | 'PUBLISHED'; live: boolean; startsAt: string | null }) {
  const { t } = useTranslation('content');
  if (props.status === 'DRAFT') return <Badge tone="neutral">{t('state.draft')}</Badge>;
  if (props.live) return <Badge tone="success">{t('state.live')}</Badge>;
  if (props.startsAt && Date.parse(props.startsAt) > Date.now())
    return <Badge tone="info">{t('state.scheduled')}</Badge>;
  return <Badge tone="warning">{t('state.ended')}</Badge>;
}

/** The window as text: "from … until …", open ends left out; in local time, as it is entered. */
export function WindowText({ startsAt, endsAt }: { startsAt: string | null; endsAt: string | null }) {
  const { t } = useTranslation('content');
  const fmt = (iso: string) =>
    new Date(iso).toLocaleString(undefined, { dateStyle: 'short', timeStyle: 'short' });
  if (!startsAt && !endsAt) return <span className="bo-muted">{t('window.always')}</span>;
  return (
    <span className="bo-content-window">
      {startsAt && <span>{t('window.from', { at: fmt(startsAt) })}</span>}
      {endsAt && <span>{t('window.until', { at: fmt(endsAt) })}</span>}
    </span>
  );
}

/** The toolbar's tags: all of them kept by the server's sanitiser. */
const RICH_TOOLS = [
  ['paragraph', '<p>', '</p>'],
  ['heading', '<h3>', '</h3>'],
  ['bold', '<strong>', '</strong>'],
  ['italic', '<em>', '</em>'],
  ['list', '<ul>\n<li>', '</li>\n</ul>'],
  ['link', '<a href="https://">', '</a>'],
] as const;

/**
 * One text per language, one language shown at a time (tabs with a dot for those filled). The
 * default language is first; a language left empty falls back to it on the site.
 */
export function LocalizedInput(props: {
  label: string;
  value: Partial<Record<Language, string>>;
  onChange(next: Partial<Record<Language, string>>): void;
  languages: Language[];
  multiline?: boolean;
  /** HTML text: a toolbar wraps the selection in the tags the server keeps. */
  richText?: boolean;
  maxLength: number;
  hint?: string;
  error?: string | null;
  testId?: string;
}) {
  const [lang, setLang] = useState<Language>(props.languages[0] ?? 'EN');
  const { t } = useTranslation('content');
  const id = `${props.testId ?? props.label}-${lang}`;
  const value = props.value[lang] ?? '';
  const set = (text: string) => props.onChange({ ...props.value, [lang]: text });
  const area = useRef<HTMLTextAreaElement>(null);
  const wrap = (open: string, close: string) => {
    const el = area.current;
    if (!el) return;
    const { selectionStart: a, selectionEnd: b } = el;
    set(value.slice(0, a) + open + value.slice(a, b) + close + value.slice(b));
    // The caret after the wrapped text, once React has put the new value in.
    requestAnimationFrame(() => {
      el.focus();
      el.setSelectionRange(b + open.length, b + open.length);
    });
  };
  return (
    <div
      className={`bo-field bo-content-localized${props.error ? ' bo-field-invalid' : ''}`}
      data-testid={props.testId}
    >
      <div className="bo-content-localized-head">
        <label htmlFor={id}>{props.label}</label>
        <div className="bo-content-langs" role="group" aria-label={t('languages')}>
          {props.languages.map((l) => (
            <button
              type="button"
              key={l}
              className={`bo-content-lang${l === lang ? ' is-active' : ''}`}
              aria-pressed={l === lang}
              onClick={() => setLang(l)}
            >
              {l}
              {(props.value[l] ?? '').trim() && <span className="bo-content-dot" aria-label={t('filled')} />}
            </button>
          ))}
        </div>
      </div>
      {props.richText && (
        <div className="bo-content-toolbar" role="toolbar" aria-label={t('format.label')}>
          {RICH_TOOLS.map(([name, open, close]) => (
            <button type="button" key={name} className="bo-content-lang" onClick={() => wrap(open, close)}>
              {t(`format.${name}`)}
            </button>
          ))}
        </div>
      )}
      {props.multiline ? (
        <textarea
          id={id}
          ref={area}
          rows={props.richText ? 10 : 6}
          value={value}
          maxLength={props.maxLength}
          onChange={(e) => set(e.target.value)}
        />
      ) : (
        <input id={id} value={value} maxLength={props.maxLength} onChange={(e) => set(e.target.value)} />
      )}
      {(props.error || props.hint) && (
        <small
          className={props.error ? 'bo-field-error' : 'bo-field-hint'}
          role={props.error ? 'alert' : undefined}
        >
          {props.error ?? props.hint}
        </small>
      )}
    </div>
  );
}

export const hasText = (t: Partial<Record<string, string>>) =>
  Object.values(t).some((v) => (v ?? '').trim() !== '');

/** The text to list an item by: the brand's default language's, else the first there is. */
export function firstText(
  text: Partial<Record<string, string>>,
  preferred: string | undefined,
): string | null {
  return (preferred ? text[preferred] : undefined) || Object.values(text).find((v) => !!v) || null;
}
