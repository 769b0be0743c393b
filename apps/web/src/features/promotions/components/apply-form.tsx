import { PROMO_LIMITS, type PromotionDetail } from '@app/contracts';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormStatus, type Status } from '../../../components/ui/form-status';
import { ImagePicker } from '../../../components/ui/image-picker';
import { useErrorText } from '../../../lib/error-text';
import { usePickedImages } from '../../../lib/use-picked-images';
import { useApplyPromotion } from '../api/apply-promotion';

/**
 * The application of an APPLY promotion: a note of at most 140 characters with a counter, and up
 * to 3 png/jpg images of at most 5 MB (checked when chosen, before anything is sent; uploaded to
 * the member's own images when the form is sent).
 */
export function ApplyForm({ p }: { p: PromotionDetail }) {
  const { t } = useTranslation('promo');
  const errorText = useErrorText();
  const id = useId();
  const apply = useApplyPromotion();
  const images = usePickedImages();
  const [remark, setRemark] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [status, setStatus] = useState<Status>(null);
  const length = remark.trim().length;
  const max = PROMO_LIMITS.remarkMax;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setStatus(null);
    const found =
      length === 0 ? t('apply.remarkRequired') : length > max ? t('apply.remarkTooLong', { max }) : null;
    setProblem(found);
    if (found) return;
    setSending(true);
    try {
      const imageIds = await images.upload();
      await apply.mutateAsync({ promotionId: p.id, remark: remark.trim(), imageIds });
      setRemark('');
      images.clear();
      setStatus({ ok: true, text: t('done.APPLY') });
    } catch (err) {
      setStatus({ ok: false, text: errorText(err) });
    } finally {
      setSending(false);
    }
  };

  return (
    <form
      className="sec-form promo-apply"
      onSubmit={(e) => void submit(e)}
      noValidate
      data-testid="promo-apply-form"
    >
      <h2 id="apply">{t('apply.title')}</h2>
      <div className={problem ? 'sec-field has-error' : 'sec-field'}>
        <label className="mc-label" htmlFor={`${id}-remark`}>
          {t('apply.remark')}
        </label>
        <textarea
          id={`${id}-remark`}
          className="promo-textarea"
          rows={3}
          maxLength={max}
          value={remark}
          onChange={(e) => {
            setRemark(e.target.value);
            setProblem(null);
          }}
          aria-invalid={problem ? true : undefined}
          aria-describedby={`${id}-hint ${id}-count${problem ? ` ${id}-error` : ''}`}
          data-testid="promo-apply-remark"
        />
        {problem && (
          <p id={`${id}-error`} className="sec-error" role="alert">
            {problem}
          </p>
        )}
        <p className="sec-hint promo-counter">
          <span id={`${id}-hint`}>{t('apply.remarkHint')}</span>
          <span id={`${id}-count`} aria-live="polite" data-testid="promo-apply-count">
            {t('apply.counter', { n: remark.length, max })}
          </span>
        </p>
      </div>
      <ImagePicker picked={images} label={t('apply.images')} testId="promo-apply-images" />
      <FormStatus status={status} testId="promo-apply" />
      <div className="sec-actions">
        <button type="submit" className="btn btn-primary" disabled={sending} data-testid="promo-apply-submit">
          {sending ? t('apply.sending') : t('apply.submit')}
        </button>
      </div>
    </form>
  );
}
