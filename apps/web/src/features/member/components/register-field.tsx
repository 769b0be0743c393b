import type { RegisterField } from '@app/contracts';
import type { ComponentPropsWithRef, ReactNode } from 'react';
import { Controller, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useRuleText } from '../hooks/use-rule-text';
import type { PlannedField, RegisterValues } from '../register-plan';
import type { AuthKit } from './auth-kit';

/** Fields that show their rule as a hint before anything is typed (SPEC section 5 hints). */
const HINTED = new Set<RegisterField>(['username', 'password']);

interface RegisterFieldInputProps {
  kit: Pick<AuthKit, 'TextField' | 'CountryCodeSelect'>;
  /** The field as the brand's registration plan has it. */
  p: PlannedField;
  /** Element ids are `<idPrefix>-<field>` (and `<idPrefix>-country` for the dialing code). */
  idPrefix: string;
  /** Input attributes per field (type, keyboard, autofill): each form decides its own. */
  input: Partial<Record<RegisterField, ComponentPropsWithRef<'input'>>>;
  register: UseFormRegister<RegisterValues>;
  control: Control<RegisterValues>;
  errors: FieldErrors<RegisterValues>;
  /** Replaces the rule hint. */
  hint?: string;
  /** Extra input attributes on top of `input`'s. */
  inputProps?: ComponentPropsWithRef<'input'>;
  /** After the input (a send-code button, a captcha image). */
  after?: ReactNode;
}

/**
 * One field of a registration form (sign-up or an agent's sub-account): label, rule hint, error,
 * and for the mobile number the country dialing code in front.
 */
export function RegisterFieldInput({
  kit: { TextField, CountryCodeSelect },
  p,
  idPrefix,
  input,
  register,
  control,
  errors,
  hint,
  inputProps,
  after,
}: RegisterFieldInputProps) {
  const { t } = useTranslation();
  const { text } = useRuleText();
  const before =
    p.field === 'mobileNum' ? (
      <Controller
        control={control}
        name="countryDialingCode"
        render={({ field }) => (
          <CountryCodeSelect
            id={`${idPrefix}-country`}
            label={t('auth.fields.countryCode')}
            value={field.value}
            onChange={field.onChange}
          />
        )}
      />
    ) : undefined;
  return (
    <TextField
      id={`${idPrefix}-${p.field}`}
      label={t(`auth.fields.${p.field}`)}
      required={p.required}
      error={errors[p.field]?.message}
      hint={hint ?? (HINTED.has(p.field) ? text(p.rule) : undefined)}
      inputProps={{ ...register(p.field), ...input[p.field], ...inputProps }}
      before={before}
      after={after}
    />
  );
}
