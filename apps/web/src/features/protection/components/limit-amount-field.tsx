import { useTranslation } from 'react-i18next';

const AMOUNT = /^\d{1,12}(\.\d{1,2})?$/;

/** A money limit as the server takes it: above 0, at most 2 decimals. */
export const isLimitAmount = (value: string) => AMOUNT.test(value) && Number(value) > 0;

/**
 * The amount input of a money limit: the responsible-gaming page's rows and the limits step
 * offered to a new member both enter limits with it.
 */
export function LimitAmountField({
  id,
  label,
  labelHidden = false,
  value,
  onChange,
  minutes = false,
}: {
  id: string;
  label: string;
  labelHidden?: boolean;
  value: string;
  onChange: (value: string) => void;
  /** The session time limit: whole minutes instead of money. */
  minutes?: boolean;
}) {
  const { t } = useTranslation('protection');
  return (
    <>
      <label htmlFor={id} className={labelHidden ? 'visually-hidden' : 'rg-offer-label'}>
        {label}
      </label>
      <input
        id={id}
        className="sec-input"
        inputMode={minutes ? 'numeric' : 'decimal'}
        placeholder={minutes ? t('minutesPlaceholder') : t('amountPlaceholder')}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </>
  );
}
