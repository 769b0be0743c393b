import { useTranslation } from 'react-i18next';
import { FormField } from './form-field';
import { TextInput } from './text-input';

/** The 6-digit payment password a money movement asks for (withdrawal, upline transfer, binding an account). */
export function PaymentPasswordField({
  id,
  value,
  error,
  onChange,
}: {
  id: string;
  value: string;
  error?: string | undefined;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <FormField id={id} label={t('cashierCommon.paymentPassword.label')} error={error}>
      <TextInput
        type="password"
        inputMode="numeric"
        autoComplete="off"
        maxLength={6}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </FormField>
  );
}
