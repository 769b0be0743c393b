import { toMinor, type CashierSettings } from '@app/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import { RequirePermission, useSession } from '../../auth/session';
import { Button, ConfirmDialog, Field, PageHeader, errorText, formatMoney, useToast } from '../../ui';
import { isIpOrCidr, parseAllowList } from './ip';

interface BrandSecurity {
  ipAllowList: string[];
}

export default function SecurityPage() {
  return (
    <RequirePermission permission="brand.security">
      <AllowListEditor />
      <ThresholdEditor />
    </RequirePermission>
  );
}

function AllowListEditor() {
  const { t } = useTranslation('security');
  const { brand } = useSession();
  const toast = useToast();
  const queryClient = useQueryClient();
  const key = ['brand-security', brand];
  const current = useQuery({ queryKey: key, queryFn: () => api.get<BrandSecurity>('/brand-security') });
  const [text, setText] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [touched, setTouched] = useState(false);

  // The editor starts from the saved list, and again whenever the saved list changes (brand switch).
  const saved = current.data?.ipAllowList;
  useEffect(() => {
    if (saved) setText(saved.join('\n'));
  }, [saved]);

  const entries = parseAllowList(text);
  const invalid = entries.filter((e) => !isIpOrCidr(e));
  const unchanged = saved !== undefined && entries.join('\n') === saved.join('\n');

  if (current.isPending) return <PageHeader title={t('title')} />;
  if (current.error)
    return (
      <>
        <PageHeader title={t('title')} />
        <p role="alert">{errorText(current.error)}</p>
        <Button onClick={() => void current.refetch()}>{t('common.retry')}</Button>
      </>
    );

  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle', { brand })} />
      <section className="bo-card">
        <h2>{t('allowList')}</h2>
        <p className="bo-muted">{t('allowListIntro')}</p>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            setTouched(true);
            if (invalid.length === 0 && !unchanged) setConfirming(true);
          }}
          noValidate
        >
          <Field
            label={t('entries')}
            hint={t('entriesHint')}
            error={touched && invalid.length > 0 ? t('invalid', { list: invalid.join(', ') }) : undefined}
          >
            <textarea
              className="bo-mono"
              rows={10}
              value={text}
              onChange={(e) => setText(e.target.value)}
              onBlur={() => setTouched(true)}
              placeholder={'203.0.113.7\n198.51.100.0/24\n2001:db8::/48'}
            />
          </Field>
          <p className={entries.length === 0 ? 'bo-notice' : 'bo-muted'}>
            {entries.length === 0 ? t('anywhere') : t('count', { count: entries.length })}
          </p>
          <div className="bo-page-actions">
            <Button type="submit" variant="primary" disabled={unchanged}>
              {t('save')}
            </Button>
            <Button disabled={unchanged} onClick={() => saved && setText(saved.join('\n'))}>
              {t('discard')}
            </Button>
          </div>
        </form>
      </section>
      <ConfirmDialog
        open={confirming}
        title={t('confirmTitle')}
        message={entries.length === 0 ? t('confirmAnywhere') : t('confirmText', { count: entries.length })}
        onClose={() => setConfirming(false)}
        onConfirm={async () => {
          const next = await api.put<BrandSecurity>('/brand-security', { ipAllowList: entries });
          queryClient.setQueryData(key, next);
          toast(t('saved'));
        }}
      />
    </>
  );
}

/** The amount from which a withdrawal payment waits for a second approver (cashier settings). */
function ThresholdEditor() {
  const { t } = useTranslation('security');
  const { brand } = useSession();
  const toast = useToast();
  const queryClient = useQueryClient();
  const key = ['cashier-settings', brand];
  const current = useQuery({ queryKey: key, queryFn: () => api.get<CashierSettings>('/cashier/settings') });
  const [text, setText] = useState('');
  const [touched, setTouched] = useState(false);
  const [confirming, setConfirming] = useState(false);

  const saved = current.data?.withdrawalApprovalThreshold;
  useEffect(() => {
    if (saved !== undefined) setText(saved.toFixed(2));
  }, [saved]);

  // Checked as the server reads it: plain digits, at most 2 decimals, in minor units.
  const minor = toMinor(text.trim());
  const invalid = minor === null;
  const unchanged = saved !== undefined && minor !== null && Number(minor) === Math.round(saved * 100);

  if (current.isPending) return null;
  if (current.error)
    return (
      <p role="alert" className="bo-card">
        {errorText(current.error)}
      </p>
    );

  return (
    <section className="bo-card">
      <h2>{t('threshold')}</h2>
      <p className="bo-muted">{t('thresholdIntro')}</p>
      <form
        className="bo-form-row"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          setTouched(true);
          if (!invalid && !unchanged) setConfirming(true);
        }}
      >
        <Field label={t('thresholdLabel')} error={touched && invalid ? t('thresholdInvalid') : undefined}>
          <input
            inputMode="decimal"
            value={text}
            onChange={(e) => setText(e.target.value)}
            onBlur={() => setTouched(true)}
          />
        </Field>
        <Button type="submit" variant="primary" disabled={unchanged}>
          {t('save')}
        </Button>
      </form>
      <ConfirmDialog
        open={confirming}
        title={t('thresholdConfirmTitle')}
        message={
          minor === 0n
            ? t('thresholdConfirmEvery')
            : t('thresholdConfirmText', { amount: formatMoney(Number(minor ?? 0n) / 100) })
        }
        onClose={() => setConfirming(false)}
        onConfirm={async () => {
          const next = await api.put<CashierSettings>('/cashier/settings', {
            withdrawalApprovalThreshold: text.trim(),
          });
          queryClient.setQueryData(key, next);
          toast(t('thresholdSaved'));
        }}
      />
    </section>
  );
}
