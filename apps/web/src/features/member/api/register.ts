import type { LoginResult, RegisterRequest } from '@app/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { RegisterMode } from '../register-plan';

/** Registers by username or by mobile number (encrypted); the new member is logged in. */
const register = ({ mode, body }: { mode: RegisterMode; body: RegisterRequest }) =>
  api.sendEncrypted<LoginResult>(
    'PUT',
    mode === 'mobile' ? '/wps/member/register/mobile' : '/wps/member/register',
    body,
  );

export const useRegister = () => useMutation({ mutationFn: register });
