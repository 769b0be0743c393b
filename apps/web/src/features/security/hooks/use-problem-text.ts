import { useTranslation } from 'react-i18next';
import type { FieldRule, Problem } from '../validation';

/** Translated texts for validation problems and for the rule hints under inputs. */
export function useProblemText() {
  const { t } = useTranslation();

  const ruleHint = (rule: FieldRule) => {
    const length =
      rule.minLength === rule.maxLength
        ? t('security.validation.lengthExact', { n: rule.minLength })
        : t('security.validation.lengthRange', { min: rule.minLength, max: rule.maxLength });
    return rule.patternId === 'ANY'
      ? length
      : t('security.validation.ruleHint', { rule: t(`security.rules.${rule.patternId}`), length });
  };

  const problemText = (p: Problem | null | undefined): string | undefined => {
    if (!p) return undefined;
    switch (p.kind) {
      case 'required':
        return t('security.validation.required');
      case 'rule':
        return t('security.validation.invalid', { hint: ruleHint(p.rule) });
      case 'mismatch':
        return t('security.validation.mismatch');
      case 'sameAsOld':
        return t('security.validation.sameAsOld');
      case 'sixDigits':
        return t('security.validation.sixDigits');
      case 'tooLong':
        return t('security.validation.tooLong', { max: p.max });
      case 'sameNumber':
        return t('security.mobile.sameNumber');
    }
  };

  return { problemText, ruleHint };
}
