import { LANGUAGES, type ChatCanned, type Language } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import { errorText } from '../../ui';

export const cannedKey = (lang?: Language) => ['bo', '/chat/canned', lang ?? 'ALL'] as const;

export function useCanned(lang?: Language) {
  return useQuery({
    queryKey: cannedKey(lang),
    queryFn: () => api.get<{ list: ChatCanned[] }>('/chat/canned', lang ? { lang } : undefined),
    staleTime: 60_000,
  });
}

/**
 * The canned replies of one language (the conversation's, another one chosen here), filtered by
 * what is typed; picking one hands its text to the composer.
 */
export function CannedList({
  initialLanguage,
  onPick,
  onClose,
}: {
  initialLanguage: Language;
  onPick(text: string): void;
  onClose(): void;
}) {
  const { t } = useTranslation('chat');
  const [lang, setLang] = useState<Language>(initialLanguage);
  const [filter, setFilter] = useState('');
  const list = useCanned(lang);
  const f = filter.trim().toLowerCase();
  const shown = (list.data?.list ?? []).filter(
    (c) => !f || c.title.toLowerCase().includes(f) || c.text.toLowerCase().includes(f),
  );
  return (
    <div
      className="bo-chat-canned"
      role="dialog"
      aria-label={t('canned.pick')}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.stopPropagation();
          onClose();
        }
      }}
    >
      <div className="bo-chat-canned-head">
        <select
          value={lang}
          onChange={(e) => setLang(e.target.value as Language)}
          aria-label={t('canned.language')}
        >
          {LANGUAGES.map((l) => (
            <option key={l} value={l}>
              {t(`lang.${l}`)}
            </option>
          ))}
        </select>
        <input
          type="search"
          value={filter}
          placeholder={t('canned.filter')}
          aria-label={t('canned.filter')}
          autoFocus
          onChange={(e) => setFilter(e.target.value)}
        />
      </div>
      {list.isPending ? (
        <p className="bo-muted">…</p>
      ) : list.isError ? (
        <p role="alert" className="bo-form-error">
          {errorText(list.error)}
        </p>
      ) : shown.length === 0 ? (
        <p className="bo-muted">{f ? t('canned.noMatch') : t('canned.none')}</p>
      ) : (
        <ul className="bo-chat-canned-list">
          {shown.map((c) => (
            <li key={c.id}>
              <button type="button" data-testid="canned-item" onClick={() => onPick(c.text)}>
                <strong>{c.title}</strong>
                <span className="bo-muted">{c.text}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** Closes a popover on a click outside it. */
export function useOutsideClose(open: boolean, onClose: () => void) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const on = (e: MouseEvent) => {
      if (ref.current && e.target instanceof Node && !ref.current.contains(e.target)) onClose();
    };
    document.addEventListener('mousedown', on);
    return () => document.removeEventListener('mousedown', on);
  }, [open, onClose]);
  return ref;
}
