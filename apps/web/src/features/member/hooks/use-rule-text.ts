import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { ruleMessage, type FieldRule, type Translate } from '../rules';

/** The translate function rule messages need, and the message of one rule. */
export function useRuleText() {
  const { t } = useTranslation();
  const translate = useCallback<Translate>((key, vars) => t(key, vars), [t]);
  const text = useCallback(
    (rule: Pick<FieldRule, 'patternId' | 'minLength' | 'maxLength'>) => ruleMessage(rule, translate),
    [translate],
  );
  return { translate, text };
}
