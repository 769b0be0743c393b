import { CHAT_LIMITS, chatOpenRequestSchema } from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import type { UseFormProps } from 'react-hook-form';
import { z } from 'zod';

/** Why a chosen image is refused before anything is uploaded (the server sniffs the bytes again). */
export type ImageProblem = 'type' | 'size';

export function chatImageProblem(file: { type: string; size: number }): ImageProblem | null {
  if (!(CHAT_LIMITS.imageTypes as readonly string[]).includes(file.type)) return 'type';
  if (file.size > CHAT_LIMITS.imageMaxBytes) return 'size';
  return null;
}

/** The visitor's nickname, by the contract's own rule (trimmed, 2 to 20 characters, no markup). */
const nicknameFormSchema = z.object({ nickname: chatOpenRequestSchema.shape.nickname.unwrap() });
export type NicknameForm = z.infer<typeof nicknameFormSchema>;

/** The nickname form's options: checked on submit, then live as the visitor corrects it. */
export const nicknameFormOptions: UseFormProps<NicknameForm> = {
  resolver: zodResolver(nicknameFormSchema),
  defaultValues: { nickname: '' },
  mode: 'onSubmit',
  reValidateMode: 'onChange',
};

/** Which text says what is wrong with a nickname, from the failed check. */
export type NicknameProblem = 'required' | 'tooShort' | 'tooLong' | 'invalid';

export function nicknameProblem(
  error: { type?: string | number } | undefined,
  value: string,
): NicknameProblem | null {
  if (!error) return null;
  if (value.trim() === '') return 'required';
  if (error.type === 'too_small') return 'tooShort';
  if (error.type === 'too_big') return 'tooLong';
  return 'invalid';
}

/** Message ids are decimal strings that grow within a conversation (up to 19 digits: not a float). */
export function isLaterId(a: string, b: string): boolean {
  return a.length !== b.length ? a.length > b.length : a > b;
}
