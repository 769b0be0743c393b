import { parseLanguage } from '@app/contracts';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { toLocale } from '../i18n';
import { localeTag } from './locale-tag';

/**
 * The game speaks the language of its launch URL (`lang`), for this page only: the site's own
 * stored choice is left alone. Answers true once the texts are loaded (useTranslation renders
 * again when the language has changed).
 */
export function useLaunchLanguage(lang: string | null): boolean {
  const { i18n } = useTranslation();
  const wanted = parseLanguage(lang);
  const target = wanted ? toLocale(wanted) : null;

  useEffect(() => {
    if (target && i18n.language !== target) void i18n.changeLanguage(target);
  }, [i18n, target]);

  // Screen readers pronounce the texts in the game's language.
  useEffect(() => {
    document.documentElement.lang = localeTag(i18n.language);
  }, [i18n.language]);

  return !target || i18n.language === target;
}
