import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Modal } from '../../../components/ui/modal';
import { ApiError } from '../../../lib/api-client';
import { useBrand } from '../../../lib/brand';
import { useChangePassword } from '../api/change-password';
import { useErrorText } from '../hooks/use-error-text';
import { useRuleText } from '../hooks/use-rule-text';
import { PASSWORD_FALLBACK, ruleOf, ruleSchema } from '../rules';
import type { AuthKit } from './auth-kit';

export interface ChangePasswordModalProps {
  kit: AuthKit;
  /** Forced change (first login, expired or temporary password): the modal cannot be dismissed. */
  forced: boolean;
  onClose: () => void;
  /**
   * After the change every session has ended: the caller logs in again with the new password
   * and goes home. A rejection is shown in the form.
   */
  onChanged: (newPassword: string) => Promise<void>;
}

const FIELD_OF_CODE: Record<string, 'oldPassword' | 'newPassword' | 'confirmNewPassword'> = {
  'password.old.wrong': 'oldPassword',
  'password.rule': 'newPassword',
  'register.password.mismatch': 'confirmNewPassword',
};

/** Change password (SPEC section 5): old password, new one by the brand's rule, confirmation. */
export function ChangePasswordModal({ kit, forced, onClose, onChanged }: ChangePasswordModalProps) {
  const { t } = useTranslation();
  const brand = useBrand();
  const { text } = useRuleText();
  const errorText = useErrorText();
  const change = useChangePassword();
  const [failure, setFailure] = useState<string | null>(null);
  const { TextField } = kit;
  const rule = useMemo(() => ruleOf(brand.register, 'password', PASSWORD_FALLBACK), [brand.register]);

  const schema = useMemo(
    () =>
      z
        .object({
          oldPassword: z.string().min(1, t('auth.validation.oldPasswordRequired')),
          newPassword: ruleSchema(rule, { required: true, message: text(rule), trim: false }),
          confirmNewPassword: z.string().min(1, t('auth.validation.confirmRequired')),
        })
        .refine((v) => v.newPassword === v.confirmNewPassword, {
          path: ['confirmNewPassword'],
          message: t('auth.validation.passwordMismatch'),
        })
        .refine((v) => v.newPassword !== v.oldPassword, {
          path: ['newPassword'],
          message: t('auth.validation.sameAsOld'),
        }),
    [rule, text, t],
  );
  type Values = z.infer<typeof schema>;
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { oldPassword: '', newPassword: '', confirmNewPassword: '' },
  });

  const onSubmit = handleSubmit(async (v) => {
    setFailure(null);
    try {
      await change.mutateAsync(v);
    } catch (err) {
      const field = err instanceof ApiError ? FIELD_OF_CODE[err.code] : undefined;
      if (field) setError(field, { message: errorText(err) }, { shouldFocus: true });
      else setFailure(errorText(err));
      return;
    }
    try {
      await onChanged(v.newPassword);
    } catch (err) {
      setFailure(errorText(err));
    }
  });

  const input = (name: keyof Values, autoComplete: string) => ({
    ...register(name),
    type: 'password',
    autoComplete,
  });

  return (
    <Modal
      id="changePasswordModal"
      title={t('auth.changePassword.title')}
      open
      onClose={onClose}
      closeLabel={t('common.close')}
      dismissible={!forced}
    >
      {forced && (
        <p className="form-note" role="status" data-testid="forced-change-note">
          {t('auth.changePassword.forced')}
        </p>
      )}
      <form
        className="auth-form"
        onSubmit={(e) => void onSubmit(e)}
        noValidate
        data-testid="change-password-form"
      >
        <TextField
          id="cp-old"
          label={t('auth.fields.oldPassword')}
          required
          error={errors.oldPassword?.message}
          inputProps={input('oldPassword', 'current-password')}
        />
        <TextField
          id="cp-new"
          label={t('auth.fields.newPassword')}
          required
          hint={text(rule)}
          error={errors.newPassword?.message}
          inputProps={input('newPassword', 'new-password')}
        />
        <TextField
          id="cp-confirm"
          label={t('auth.fields.confirmNewPassword')}
          required
          error={errors.confirmNewPassword?.message}
          inputProps={input('confirmNewPassword', 'new-password')}
        />
        {failure && (
          <p className="form-error" role="alert" data-testid="change-password-error">
            {failure}
          </p>
        )}
        <button type="submit" className="btn btn-primary btn-block" disabled={isSubmitting}>
          {isSubmitting ? t('auth.changePassword.submitting') : t('auth.changePassword.submit')}
        </button>
      </form>
    </Modal>
  );
}
