import type { FooterContent, Language } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../auth/session';
import { Field, SettingsCard, type FieldErrors } from '../../ui';
import { hasText, LocalizedInput, useLanguages } from './common';

const SOCIAL = ['facebook', 'telegram', 'whatsapp'] as const;
const URL_RE = /^https?:\/\/[^\s/$.?#][^\s]*$/i;

/** The footer's licence line per language and the social links of the site's side bar. */
export function FooterTab() {
  const { t } = useTranslation('content');
  const { brand, can } = useSession();
  const languages = useLanguages();
  const validate = (d: FooterContent): FieldErrors<'licence' | (typeof SOCIAL)[number]> => ({
    licence: hasText(d.licence) ? null : t('required'),
    facebook: !d.social.facebook || URL_RE.test(d.social.facebook) ? null : t('banners.urlInvalid'),
    telegram: !d.social.telegram || URL_RE.test(d.social.telegram) ? null : t('banners.urlInvalid'),
    whatsapp: !d.social.whatsapp || URL_RE.test(d.social.whatsapp) ? null : t('banners.urlInvalid'),
  });
  if (!languages.data) return <p className="bo-muted">…</p>;
  const langs = languages.data.languages;
  return (
    <SettingsCard<FooterContent, FooterContent, 'licence' | (typeof SOCIAL)[number]>
      title={t('footer.title')}
      path="/content/footer"
      queryKey={['content', 'footer', brand]}
      editable={can('content.site')}
      toDraft={(s) => s}
      fromDraft={(d) => d}
      validate={validate}
      testId="content-footer"
      text={{
        save: t('save'),
        discard: t('discard'),
        confirmTitle: t('footer.confirmTitle'),
        confirmText: t('footer.confirmText', { brand }),
        saved: t('saved'),
      }}
    >
      {(draft, setDraft, errors) => (
        <>
          <LocalizedInput
            label={t('footer.licence')}
            value={draft.licence}
            onChange={(licence) =>
              setDraft({ ...draft, licence: licence as Partial<Record<Language, string>> })
            }
            languages={langs}
            maxLength={1000}
            multiline
            hint={t('footer.licenceHint')}
            error={errors.licence}
          />
          <div>
            {SOCIAL.map((s) => (
              <Field key={s} label={t(`footer.social.${s}`)} error={errors[s] ?? undefined}>
                <input
                  type="url"
                  value={draft.social[s]}
                  placeholder="https://…"
                  maxLength={300}
                  onChange={(e) =>
                    setDraft({ ...draft, social: { ...draft.social, [s]: e.target.value.trim() } })
                  }
                />
              </Field>
            ))}
          </div>
        </>
      )}
    </SettingsCard>
  );
}
