import { useTranslation } from 'react-i18next';
import type { FieldRule, Problem } from '../validation';

/** Translated texts for validation problems and for the rule hints under inputs. */
export function useProblemText() {
  const { t } = useTranslation('security');

  const ruleHint = (rule: FieldRule) => {
    const length =
      rule.minLength === rule.maxLength
        ? t('validation.lengthExact', { n: rule.minLength })
        : t('validation.lengthRange', { min: rule.minLength, max: rule.maxLength });
    return rule.patternId === 'ANY'
      ? length
      : t('validation.ruleHint', { rule: t(`rules.${rule.patternId}`), length });
  };

  const problemText = (p: Problem | null | undefined): string | undefined => {
    if (!p) return undefined;
    switch (p.kind) {
      case 'required':
        return t('validation.required');
      case 'rule':
        return t('validation.invalid', { hint: ruleHint(p.rule) });
      case 'mismatch':
        return t('validation.mismatch');
      case 'sameAsOld':
        return t('validation.sameAsOld');
      case 'sixDigits':
        return t('validation.sixDigits');
      case 'tooLong':
        return t('validation.tooLong', { max: p.max });
      case 'sameNumber':
        return t('mobile.sameNumber');
    }
  };

  return { problemText, ruleHint };
}
