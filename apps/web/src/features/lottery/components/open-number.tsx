import { openNumberDisplay } from '@app/contracts';
import { useTranslation } from 'react-i18next';

/**
 * A draw's winning number as balls, at most 6 digits (SPEC section 2). `size` sm for cards, lg for
 * the betting page's latest result.
 */
export function OpenNumber({
  winningNumber,
  size = 'sm',
  testId,
}: {
  winningNumber: string | null | undefined;
  size?: 'sm' | 'lg';
  testId?: string;
}) {
  const { t } = useTranslation('lottery');
  const digits = openNumberDisplay(winningNumber);
  if (!digits) {
    return (
      <span className="lt-open-none" data-testid={testId}>
        {t('card.noResult')}
      </span>
    );
  }
  return (
    <span
      className={`lt-balls lt-balls-${size}`}
      data-testid={testId}
      data-number={digits}
      role="img"
      aria-label={t('card.openNumber', { number: digits.split('').join(' ') })}
    >
      {digits.split('').map((d, i) => (
        <span key={i} className="lt-ball" aria-hidden="true">
          {d}
        </span>
      ))}
    </span>
  );
}
