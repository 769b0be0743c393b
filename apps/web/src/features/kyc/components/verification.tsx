import {
  KYC_DOCUMENT_KINDS,
  KYC_LIMITS,
  type KycDocumentKind,
  type KycStatus,
  type KycTrigger,
} from '@app/contracts';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormStatus, type Status } from '../../../components/ui/form-status';
import { QueryState } from '../../../components/ui/query-state';
import { useBrand } from '../../../lib/brand';
import { useErrorText } from '../../../lib/error-text';
import { showMoney } from '../../../lib/money';
import { formatInZone } from '../../../lib/zoned-time';
import '../../../styles/kyc.css';
import { useKycStatus, useSubmitKyc, useUploadDocument } from '../api/kyc';

const MAX_MB = KYC_LIMITS.maxDocumentBytes / 1024 / 1024;
const YMD = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The member centre's verification page: where the member stands and why the brand asks, the
 * rejection reason, the form (details as on the ID and a photo per document, checked here for
 * type and size before anything is sent), and the history.
 */
export function Verification() {
  const { t } = useTranslation('kyc');
  const status = useKycStatus();
  return (
    <div className="sec-page" data-testid="verification-page">
      <h3 className="sec-page-title">{t('title')}</h3>
      <QueryState query={status}>
        {(s) => (
          <>
            <StatusCard s={s} />
            {(s.state === 'NOT_SUBMITTED' || s.state === 'REJECTED' || s.state === 'EXPIRED') && (
              <SubmitForm s={s} />
            )}
            <History s={s} />
          </>
        )}
      </QueryState>
    </div>
  );
}

function StatusCard({ s }: { s: KycStatus }) {
  const { t } = useTranslation('kyc');
  const brand = useBrand();
  const tone = s.state === 'APPROVED' ? 'on' : s.state === 'REJECTED' || s.state === 'EXPIRED' ? 'bad' : '';
  const why = (r: KycTrigger) =>
    r === 'DEPOSITS' && s.depositThreshold !== null
      ? t('why.DEPOSITS', { amount: showMoney(s.depositThreshold, brand.currencySymbol) })
      : t(`why.${r}`);
  return (
    <section className="sec-card" aria-labelledby="kyc-status-title">
      <div className="sec-card-head">
        <h4 id="kyc-status-title">{t('status')}</h4>
        <span className={`sec-badge ${tone}`} data-testid="kyc-state" data-state={s.state}>
          {t(`state.${s.state}`)}
        </span>
      </div>
      <p className="sec-desc">{t(`stateHint.${s.state}`)}</p>
      {s.validUntil && (
        <p className="sec-hint">
          {t('validUntil', { date: formatInZone(s.validUntil, brand.timezone, false) })}
        </p>
      )}
      {s.state === 'REJECTED' && s.latest?.reason && (
        <p className="sec-note kyc-reason" data-testid="kyc-reject-reason">
          {t('rejectedBecause', { reason: s.latest.reason })}
        </p>
      )}
      {s.requiredBecause.length > 0 ? (
        <div className="sec-note" data-testid="kyc-required">
          <p className="kyc-why-title">{s.withdrawalsWait ? t('requiredWait') : t('requiredDone')}</p>
          <ul className="kyc-why">
            {s.requiredBecause.map((r) => (
              <li key={r}>{why(r)}</li>
            ))}
          </ul>
        </div>
      ) : (
        <p className="sec-hint" data-testid="kyc-not-required">
          {t('notRequired')}
        </p>
      )}
      <p className="sec-hint">
        {t('requiredDocs', { docs: s.requiredDocuments.map((k) => t(`kind.${k}`)).join(', ') })}
      </p>
    </section>
  );
}

type Picked = { file: File; url: string };

/** A file the browser can already tell the server would refuse (the server checks the bytes again). */
function fileProblem(file: File): 'type' | 'size' | null {
  if (!(KYC_LIMITS.documentTypes as readonly string[]).includes(file.type)) return 'type';
  if (file.size > KYC_LIMITS.maxDocumentBytes) return 'size';
  return null;
}

function DocumentPicker({
  kind,
  required,
  picked,
  error,
  onPick,
}: {
  kind: KycDocumentKind;
  required: boolean;
  picked: Picked | undefined;
  error: string | null;
  onPick: (file: File | null) => void;
}) {
  const { t } = useTranslation('kyc');
  const id = useId();
  return (
    <div className={`kyc-doc${error ? ' has-error' : ''}`} data-testid={`kyc-doc-${kind}`}>
      <label htmlFor={id} className="kyc-doc-label">
        {t(`kind.${kind}`)}{' '}
        {required ? <span className="kyc-req">*</span> : <span className="sec-hint">{t('optional')}</span>}
      </label>
      <div className="kyc-doc-preview">
        {picked ? (
          <img src={picked.url} alt={t('previewOf', { kind: t(`kind.${kind}`) })} />
        ) : (
          <span className="sec-hint">{t('noPhoto')}</span>
        )}
      </div>
      <input
        id={id}
        type="file"
        accept={KYC_LIMITS.documentTypes.join(',')}
        data-testid={`kyc-file-${kind}`}
        onChange={(e) => onPick(e.target.files?.[0] ?? null)}
      />
      {error ? (
        <p className="sec-error">{error}</p>
      ) : (
        <p className="sec-hint">{t('fileHint', { mb: MAX_MB })}</p>
      )}
    </div>
  );
}

function SubmitForm({ s }: { s: KycStatus }) {
  const { t } = useTranslation('kyc');
  const errorText = useErrorText();
  const upload = useUploadDocument();
  const submit = useSubmitKyc();
  const [picked, setPicked] = useState<Partial<Record<KycDocumentKind, Picked>>>({});
  const [fileErrors, setFileErrors] = useState<Partial<Record<KycDocumentKind, string>>>({});
  const [fullName, setFullName] = useState(s.latest?.fullName ?? '');
  const [idNumber, setIdNumber] = useState(s.latest?.idNumber ?? '');
  const [dateOfBirth, setDateOfBirth] = useState(s.latest?.dateOfBirth ?? '');
  const [idExpiry, setIdExpiry] = useState('');
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<Status>(null);
  const busy = upload.isPending || submit.isPending;

  // Previews are object URLs of the member's own files: freed when replaced or when the form goes.
  const latest = useRef(picked);
  useEffect(() => {
    latest.current = picked;
  }, [picked]);
  useEffect(
    () => () => {
      for (const p of Object.values(latest.current)) if (p) URL.revokeObjectURL(p.url);
    },
    [],
  );

  const pick = (kind: KycDocumentKind) => (file: File | null) => {
    const old = picked[kind];
    if (old) URL.revokeObjectURL(old.url);
    const problem = file ? fileProblem(file) : null;
    setFileErrors((e) => ({ ...e, [kind]: problem ? t(`fileError.${problem}`, { mb: MAX_MB }) : undefined }));
    setPicked((p) => ({
      ...p,
      [kind]: file && !problem ? { file, url: URL.createObjectURL(file) } : undefined,
    }));
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setStatus(null);
    const next: Record<string, string> = {};
    if (fullName.trim().length < 2) next.fullName = t('problem.fullName');
    if (!/^[A-Za-z0-9 -]{3,40}$/.test(idNumber.trim())) next.idNumber = t('problem.idNumber');
    if (!YMD.test(dateOfBirth)) next.dateOfBirth = t('problem.dateOfBirth');
    if (idExpiry && !YMD.test(idExpiry)) next.idExpiry = t('problem.idExpiry');
    const missing = s.requiredDocuments.filter((k) => !picked[k]);
    if (missing.length)
      next.documents = t('problem.documents', { docs: missing.map((k) => t(`kind.${k}`)).join(', ') });
    setProblems(next);
    if (Object.keys(next).length) return;
    try {
      const documents: { kind: KycDocumentKind; id: string }[] = [];
      for (const kind of KYC_DOCUMENT_KINDS) {
        const p = picked[kind];
        if (!p) continue;
        const doc = await upload.mutateAsync({ kind, file: p.file });
        documents.push({ kind, id: doc.id });
      }
      await submit.mutateAsync({
        fullName: fullName.trim(),
        idNumber: idNumber.trim(),
        dateOfBirth,
        idExpiry: idExpiry || null,
        documents,
      });
      setStatus({ ok: true, text: t('submitted') });
    } catch (err) {
      setStatus({ ok: false, text: errorText(err) });
    }
  };

  return (
    <section className="sec-card" aria-labelledby="kyc-form-title">
      <div className="sec-card-head">
        <h4 id="kyc-form-title">{s.state === 'NOT_SUBMITTED' ? t('formTitle') : t('formTitleAgain')}</h4>
      </div>
      <form className="sec-form kyc-form" onSubmit={onSubmit} noValidate data-testid="kyc-form">
        <p className="sec-hint">{t('formHint')}</p>
        <div className="sec-row">
          <TextField
            id="kyc-full-name"
            label={t('fullName')}
            value={fullName}
            onChange={setFullName}
            error={problems.fullName}
            autoComplete="name"
          />
          <TextField
            id="kyc-id-number"
            label={t('idNumber')}
            value={idNumber}
            onChange={setIdNumber}
            error={problems.idNumber}
          />
        </div>
        <div className="sec-row">
          <TextField
            id="kyc-dob"
            label={t('dateOfBirth')}
            type="date"
            value={dateOfBirth}
            onChange={setDateOfBirth}
            error={problems.dateOfBirth}
            autoComplete="bday"
          />
          <TextField
            id="kyc-expiry"
            label={t('idExpiry')}
            type="date"
            value={idExpiry}
            onChange={setIdExpiry}
            error={problems.idExpiry}
            hint={t('optional')}
          />
        </div>
        <div className="kyc-docs">
          {KYC_DOCUMENT_KINDS.map((kind) => (
            <DocumentPicker
              key={kind}
              kind={kind}
              required={s.requiredDocuments.includes(kind)}
              picked={picked[kind]}
              error={fileErrors[kind] ?? null}
              onPick={pick(kind)}
            />
          ))}
        </div>
        {problems.documents && (
          <p className="sec-error" role="alert" data-testid="kyc-missing">
            {problems.documents}
          </p>
        )}
        <FormStatus status={status} testId="kyc-status" />
        <div className="sec-actions">
          <button type="submit" className="btn btn-primary" disabled={busy} data-testid="kyc-submit">
            {busy ? t('sending') : t('submit')}
          </button>
        </div>
      </form>
    </section>
  );
}

function TextField({
  id,
  label,
  value,
  onChange,
  error,
  hint,
  type = 'text',
  autoComplete,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (v: string) => void;
  error?: string;
  hint?: string;
  type?: 'text' | 'date';
  autoComplete?: string;
}) {
  return (
    <div className={`sec-field sec-field-grow${error ? ' has-error' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <div className="sec-input">
        <input
          id={id}
          type={type}
          value={value}
          autoComplete={autoComplete}
          aria-invalid={error ? true : undefined}
          onChange={(e) => onChange(e.target.value)}
        />
      </div>
      {error ? <p className="sec-error">{error}</p> : hint ? <p className="sec-hint">{hint}</p> : null}
    </div>
  );
}

function History({ s }: { s: KycStatus }) {
  const { t } = useTranslation('kyc');
  const brand = useBrand();
  return (
    <section className="sec-card" aria-labelledby="kyc-history-title">
      <div className="sec-card-head">
        <h4 id="kyc-history-title">{t('history')}</h4>
      </div>
      {s.history.length === 0 ? (
        <p className="sec-hint">{t('historyEmpty')}</p>
      ) : (
        <ul className="kyc-history" data-testid="kyc-history">
          {s.history.map((e, i) => (
            <li key={`${e.at}:${i}`}>
              <time dateTime={e.at}>{formatInZone(e.at, brand.timezone, false)}</time>
              <strong>{t(`action.${e.action}`)}</strong>
              {e.reason && <span className="sec-hint">{e.reason}</span>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
