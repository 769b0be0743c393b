import { LANGUAGES, type Language } from '@app/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import { useSession } from '../../auth/session';

/** Texts per language as the forms edit them (every language present, maybe empty). */
export type Texts = Record<Language, string>;

export const emptyTexts = (): Texts => Object.fromEntries(LANGUAGES.map((l) => [l, ''])) as Texts;

export const toTexts = (saved: Record<string, string> | undefined): Texts =>
  Object.fromEntries(LANGUAGES.map((l) => [l, saved?.[l] ?? ''])) as Texts;

/** The filled-in languages only: the server refuses empty texts. */
export const fromTexts = (texts: Texts): Partial<Record<Language, string>> =>
  Object.fromEntries(
    Object.entries(texts)
      .filter(([, v]) => v.trim() !== '')
      .map(([k, v]) => [k, v.trim()]),
  );

/** A text in the brand's first filled-in language (EN first), for tables. */
export const shownText = (texts: Record<string, string>, lang: string): string =>
  texts[lang.toUpperCase()] ?? texts.EN ?? Object.values(texts)[0] ?? '';

/** A number typed in a form: NaN when empty or not a number. */
export const num = (text: string): number => (text.trim() === '' ? Number.NaN : Number(text));
/** At most 2 decimals, zero or more. */
export const isMoney = (n: number, positive = false): boolean =>
  Number.isFinite(n) && (positive ? n > 0 : n >= 0) && Math.round(n * 100) === n * 100 && n <= 1e10;
export const isInt = (n: number, min: number, max: number): boolean =>
  Number.isInteger(n) && n >= min && n <= max;

/** A back-office read of this brand, cached under its path. */
export function useBrandQuery<T>(path: string) {
  const { brand } = useSession();
  return useQuery({ queryKey: ['bo', 'rewards', path, brand], queryFn: () => api.get<T>(path) });
}

/** Re-reads every rewards query of the brand after a change. */
export function useRefresh() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: ['bo', 'rewards'] });
}

/** One input per language; `required` marks that at least one must be filled. */
export function LangTexts({
  label,
  value,
  onChange,
  error,
  multiline,
  testId,
}: {
  label: string;
  value: Texts;
  onChange(next: Texts): void;
  error?: string | null;
  multiline?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation('rewards');
  return (
    <fieldset className="bo-rw-langs" data-testid={testId}>
      <legend>{label}</legend>
      {LANGUAGES.map((lang) => (
        <label key={lang} className="bo-rw-lang">
          <span>{t(`lang.${lang}`)}</span>
          {multiline ? (
            <textarea
              rows={2}
              value={value[lang]}
              onChange={(e) => onChange({ ...value, [lang]: e.target.value })}
              data-lang={lang}
            />
          ) : (
            <input
              value={value[lang]}
              onChange={(e) => onChange({ ...value, [lang]: e.target.value })}
              data-lang={lang}
            />
          )}
        </label>
      ))}
      {error && (
        <small className="bo-field-error" role="alert">
          {error}
        </small>
      )}
    </fieldset>
  );
}
