import type { ErrorCode, Language } from '@app/contracts';
import { cn } from './messages/cn';
import { en } from './messages/en';
import { id } from './messages/id';
import { my } from './messages/my';
import { th } from './messages/th';
import { ty } from './messages/ty';
import { vi } from './messages/vi';

/**
 * The message for every error code in every language. The types make a missing
 * translation a compile error. {0}, {1} ... are substituted from AppError.params.
 */
export const MESSAGES: Record<Language, Record<ErrorCode, string>> = {
  EN: en,
  CN: cn,
  ID: id,
  MY: my,
  TH: th,
  TY: ty,
  VI: vi,
};

export function messageFor(code: ErrorCode, lang: Language, params: (string | number)[] = []): string {
  return fillParams(MESSAGES[lang][code], params);
}

/** A template's {0}, {1} ... filled from params in order; a placeholder without a value stays. */
export function fillParams(template: string, params: (string | number)[]): string {
  return template.replace(/\{(\d+)\}/g, (whole, i: string) => String(params[Number(i)] ?? whole));
}
