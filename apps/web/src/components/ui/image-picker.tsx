import { CASHIER_LIMITS } from '@app/contracts';
import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { PickedImages, PickProblem } from '../../lib/use-picked-images';

const MB = 1024 * 1024;

/**
 * Choose up to 3 png/jpg images (5 MB each) with previews, each removable. Problems with a
 * chosen file are said at once, before anything is uploaded.
 */
export function ImagePicker({
  picked,
  label,
  hint,
  error,
  testId,
}: {
  picked: PickedImages;
  label: string;
  hint?: string;
  /** A problem found on submit (e.g. "a proof is required"). */
  error?: string;
  testId: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const full = picked.images.length >= CASHIER_LIMITS.maxImages;

  const problemText = (p: PickProblem) =>
    p.kind === 'count'
      ? t('cashier.images.tooMany', { max: p.max })
      : p.kind === 'type'
        ? t('cashier.images.badType', { name: p.name })
        : t('cashier.images.tooLarge', { name: p.name, mb: CASHIER_LIMITS.maxImageBytes / MB });

  return (
    <div className={error ? 'sec-field has-error' : 'sec-field'} data-testid={testId}>
      <span className="mc-label" id={`${id}-label`}>
        {label}
      </span>
      <ul className="mc-images" aria-labelledby={`${id}-label`}>
        {picked.images.map((image, i) => (
          <li key={image.key} className="mc-image">
            <img src={image.url} alt={t('cashier.images.preview', { n: i + 1 })} />
            <button
              type="button"
              className="mc-image-remove"
              aria-label={t('cashier.images.remove', { name: image.file.name })}
              onClick={() => picked.remove(image.key)}
              data-testid={`${testId}-remove`}
            >
              ×
            </button>
          </li>
        ))}
        {!full && (
          <li>
            <button
              type="button"
              className="mc-image-add"
              onClick={() => input.current?.click()}
              aria-describedby={`${id}-hint`}
            >
              <span aria-hidden="true">+</span>
              {t('cashier.images.add')}
            </button>
          </li>
        )}
      </ul>
      <input
        ref={input}
        type="file"
        accept={CASHIER_LIMITS.imageTypes.join(',')}
        multiple
        hidden
        onChange={(e) => {
          if (e.target.files) picked.add(e.target.files);
          // The same file may be chosen again after it was removed.
          e.target.value = '';
        }}
        data-testid={`${testId}-input`}
      />
      <div role="alert" className="sec-live">
        {picked.problems.map((p, i) => (
          <p key={i} className="sec-error">
            {problemText(p)}
          </p>
        ))}
        {error && <p className="sec-error">{error}</p>}
      </div>
      <p id={`${id}-hint`} className="sec-hint">
        {hint ??
          t('cashier.images.rule', {
            max: CASHIER_LIMITS.maxImages,
            mb: CASHIER_LIMITS.maxImageBytes / MB,
          })}
      </p>
    </div>
  );
}
