import type { ExtraVerificationMethod, VerificationRequired } from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Modal } from '../../../components/ui/modal';
import { useSendLoginVerification } from '../api/send-login-verification';
import { useVerifyLogin } from '../api/verify-login';
import { useCompleteLogin } from '../hooks/use-complete-login';
import { useErrorText } from '../hooks/use-error-text';
import { SendCodeButton } from './send-code-button';
import { TextField } from './text-field';

/** Popup data of `verifyLogin`: the pending login the server answered with. */
export interface VerifyLoginData {
  pending: VerificationRequired;
  remember?: boolean;
}

/**
 * Extra verification of a login from a new IP (SPEC section 4): the member picks one of the
 * offered methods (SMS or e-mail code, bank account name, authenticator) and answers it.
 */
export function VerifyLoginModal({ data, onClose }: { data: VerifyLoginData; onClose: () => void }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const verify = useVerifyLogin();
  const sendCode = useSendLoginVerification();
  const complete = useCompleteLogin();
  const { pendingToken, methods, targets } = data.pending;
  const [method, setMethod] = useState<ExtraVerificationMethod>(methods[0] ?? 'SMS');
  const [failure, setFailure] = useState<string | null>(null);

  const schema = useMemo(
    () => z.object({ answer: z.string().trim().min(1, t('auth.validation.answerRequired')) }),
    [t],
  );
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<z.infer<typeof schema>>({ resolver: zodResolver(schema), defaultValues: { answer: '' } });

  const onSubmit = handleSubmit(async ({ answer }) => {
    setFailure(null);
    try {
      complete(await verify.mutateAsync({ pendingToken, method, answer, remember: data.remember }));
    } catch (err) {
      setFailure(errorText(err));
    }
  });

  const codeMethod = method === 'SMS' || method === 'EMAIL' ? method : null;
  const target = targets[method];

  return (
    <Modal
      id="verifyLoginModal"
      title={t('auth.verify.title')}
      open
      onClose={onClose}
      closeLabel={t('common.close')}
    >
      <p className="form-note">{t('auth.verify.lead')}</p>
      <form className="auth-form" onSubmit={(e) => void onSubmit(e)} noValidate data-testid="verify-form">
        {methods.length > 1 && (
          <fieldset className="choice-group">
            <legend>{t('auth.verify.method')}</legend>
            {methods.map((m) => (
              <label key={m} className="check">
                <input
                  type="radio"
                  name="verify-method"
                  value={m}
                  checked={m === method}
                  onChange={() => {
                    setMethod(m);
                    setFailure(null);
                    reset({ answer: '' });
                  }}
                />
                {t(`auth.verify.methods.${m}`)}
                {targets[m] && <span className="muted"> ({targets[m]})</span>}
              </label>
            ))}
          </fieldset>
        )}
        {methods.length === 1 && (
          <p>
            {t(`auth.verify.methods.${method}`)}
            {target && <span className="muted"> ({target})</span>}
          </p>
        )}
        <TextField
          key={method}
          id="verify-answer"
          label={t(`auth.verify.answer.${method}`)}
          required
          error={errors.answer?.message}
          inputProps={{
            ...register('answer'),
            type: 'text',
            autoComplete: codeMethod ? 'one-time-code' : 'off',
            inputMode: method === 'BANK_NAME' ? 'text' : 'numeric',
          }}
          after={
            codeMethod && (
              <SendCodeButton
                key={codeMethod}
                send={async () =>
                  (await sendCode.mutateAsync({ pendingToken, method: codeMethod })).expiredMinutes
                }
                onError={(err) => setFailure(errorText(err))}
                testId="verify-send-code"
              />
            )
          }
        />
        {failure && (
          <p className="form-error" role="alert" data-testid="verify-error">
            {failure}
          </p>
        )}
        <button type="submit" className="btn btn-primary btn-block" disabled={isSubmitting}>
          {t('auth.verify.submit')}
        </button>
      </form>
    </Modal>
  );
}
