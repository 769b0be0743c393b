import { KYC_DOCUMENT_KINDS, type KycDocumentKind, type KycSettings } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../auth/session';
import { Field, SettingsCard, type FieldErrors } from '../../ui';

/** The threshold as typed: empty is "off", anything else must be a positive amount. */
interface Draft extends Omit<KycSettings, 'depositThreshold'> {
  depositThreshold: string;
}

const toDraft = (s: KycSettings): Draft => ({
  ...s,
  depositThreshold: s.depositThreshold === null ? '' : String(s.depositThreshold),
});

const fromDraft = (d: Draft): KycSettings => ({
  ...d,
  depositThreshold: d.depositThreshold.trim() === '' ? null : Number(d.depositThreshold),
});

/**
 * When the brand requires verification: read by reviewers, changed by whoever holds the brand's
 * security settings (the server checks both and audits the change).
 */
export function KycRules() {
  const { t } = useTranslation('kyc');
  const { brand, can } = useSession();
  const validate = (draft: Draft): FieldErrors<'requiredDocuments' | 'depositThreshold' | 'validityDays'> => {
    const threshold = fromDraft(draft).depositThreshold;
    return {
      requiredDocuments: draft.requiredDocuments.length > 0 ? null : t('rules.documentsRequired'),
      depositThreshold:
        threshold === null || (Number.isFinite(threshold) && threshold > 0)
          ? null
          : t('rules.thresholdInvalid'),
      validityDays:
        Number.isInteger(draft.validityDays) && draft.validityDays >= 1 && draft.validityDays <= 3650
          ? null
          : t('rules.range', { min: 1, max: 3650 }),
    };
  };
  return (
    <SettingsCard
      title={t('rules.title')}
      path="/kyc/settings"
      queryKey={['bo', '/kyc/settings', brand]}
      editable={can('brand.security')}
      toDraft={toDraft}
      fromDraft={fromDraft}
      validate={validate}
      className="bo-kyc-rules"
      testId="kyc-rules"
      text={{
        save: t('rules.save'),
        discard: t('rules.discard'),
        confirmTitle: t('rules.confirmTitle'),
        confirmText: t('rules.confirmText', { brand }),
        saved: t('rules.saved'),
        readOnly: t('rules.readOnly'),
      }}
    >
      {(draft, setDraft, errors) => (
        <>
          <div className="bo-field bo-kyc-kinds">
            <span>{t('rules.documents')}</span>
            {KYC_DOCUMENT_KINDS.map((kind: KycDocumentKind) => (
              <label key={kind} className="bo-check">
                <input
                  type="checkbox"
                  checked={draft.requiredDocuments.includes(kind)}
                  onChange={(e) =>
                    setDraft({
                      ...draft,
                      // Kept in the canonical order so an unchanged set compares equal.
                      requiredDocuments: KYC_DOCUMENT_KINDS.filter((k) =>
                        k === kind ? e.target.checked : draft.requiredDocuments.includes(k),
                      ),
                    })
                  }
                />{' '}
                {t(`kind.${kind}`)}
              </label>
            ))}
            {errors.requiredDocuments && (
              <p className="bo-field-error" role="alert">
                {errors.requiredDocuments}
              </p>
            )}
          </div>
          <div className="bo-field">
            <label className="bo-check">
              <input
                type="checkbox"
                checked={draft.beforeFirstWithdrawal}
                onChange={(e) => setDraft({ ...draft, beforeFirstWithdrawal: e.target.checked })}
              />{' '}
              {t('rules.beforeFirstWithdrawal')}
            </label>
            <p className="bo-muted">{t('rules.beforeFirstWithdrawalHint')}</p>
          </div>
          <Field
            label={t('rules.depositThreshold')}
            hint={t('rules.depositThresholdHint')}
            error={errors.depositThreshold ?? undefined}
          >
            <input
              type="number"
              min={0}
              step="0.01"
              inputMode="decimal"
              value={draft.depositThreshold}
              onChange={(e) => setDraft({ ...draft, depositThreshold: e.target.value })}
            />
          </Field>
          <Field
            label={t('rules.validityDays')}
            hint={t('rules.validityHint')}
            error={errors.validityDays ?? undefined}
          >
            <input
              type="number"
              min={1}
              max={3650}
              value={Number.isNaN(draft.validityDays) ? '' : draft.validityDays}
              onChange={(e) =>
                setDraft({
                  ...draft,
                  validityDays: e.target.value.trim() === '' ? Number.NaN : Number(e.target.value),
                })
              }
            />
          </Field>
        </>
      )}
    </SettingsCard>
  );
}
