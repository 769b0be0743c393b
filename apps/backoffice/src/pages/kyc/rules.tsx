import { KYC_DOCUMENT_KINDS, type KycDocumentKind, type KycSettings } from '@app/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import { useSession } from '../../auth/session';
import { Button, ConfirmDialog, Field, errorText, useToast } from '../../ui';

/** The threshold as typed: empty is "off", anything else must be a positive amount. */
interface Draft extends Omit<KycSettings, 'depositThreshold'> {
  depositThreshold: string;
}

const toDraft = (s: KycSettings): Draft => ({
  ...s,
  depositThreshold: s.depositThreshold === null ? '' : String(s.depositThreshold),
});

/**
 * When the brand requires verification: read by reviewers, changed by whoever holds the brand's
 * security settings (the server checks both and audits the change).
 */
export function KycRules() {
  const { t } = useTranslation('kyc');
  const { brand, can } = useSession();
  const toast = useToast();
  const queryClient = useQueryClient();
  const key = ['bo', '/kyc/settings', brand];
  const current = useQuery({ queryKey: key, queryFn: () => api.get<KycSettings>('/kyc/settings') });
  const [draft, setDraft] = useState<Draft | null>(null);
  const [confirming, setConfirming] = useState(false);
  const saved = current.data;
  useEffect(() => {
    if (saved) setDraft(toDraft(saved));
  }, [saved]);

  if (current.isPending) return <p className="bo-muted">…</p>;
  if (current.error)
    return (
      <p role="alert" className="bo-card">
        {errorText(current.error)}
      </p>
    );
  if (!draft || !saved) return null;

  const editable = can('brand.security');
  const threshold = draft.depositThreshold.trim() === '' ? null : Number(draft.depositThreshold);
  const errors = {
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
  const invalid = Object.values(errors).some((e) => e !== null);
  const next: KycSettings = { ...draft, depositThreshold: threshold };
  const unchanged = JSON.stringify(next) === JSON.stringify(saved);
  const toggle = (kind: KycDocumentKind, on: boolean) =>
    setDraft({
      ...draft,
      // Kept in the canonical order so an unchanged set compares equal.
      requiredDocuments: KYC_DOCUMENT_KINDS.filter((k) =>
        k === kind ? on : draft.requiredDocuments.includes(k),
      ),
    });

  return (
    <section className="bo-card bo-kyc-rules" data-testid="kyc-rules">
      <h2>{t('rules.title')}</h2>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (!invalid && !unchanged) setConfirming(true);
        }}
        noValidate
      >
        <fieldset disabled={!editable} className="bo-grid-2 bo-plain">
          <div className="bo-field bo-kyc-kinds">
            <span>{t('rules.documents')}</span>
            {KYC_DOCUMENT_KINDS.map((kind) => (
              <label key={kind} className="bo-check">
                <input
                  type="checkbox"
                  checked={draft.requiredDocuments.includes(kind)}
                  onChange={(e) => toggle(kind, e.target.checked)}
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
        </fieldset>
        {editable ? (
          <div className="bo-page-actions">
            <Button type="submit" variant="primary" disabled={unchanged || invalid}>
              {t('rules.save')}
            </Button>
            <Button disabled={unchanged} onClick={() => setDraft(toDraft(saved))}>
              {t('rules.discard')}
            </Button>
          </div>
        ) : (
          <p className="bo-muted">{t('rules.readOnly')}</p>
        )}
      </form>
      <ConfirmDialog
        open={confirming}
        title={t('rules.confirmTitle')}
        message={t('rules.confirmText', { brand })}
        onClose={() => setConfirming(false)}
        onConfirm={async () => {
          const after = await api.put<KycSettings>('/kyc/settings', next);
          queryClient.setQueryData(key, after);
          toast(t('rules.saved'));
        }}
      />
    </section>
  );
}
