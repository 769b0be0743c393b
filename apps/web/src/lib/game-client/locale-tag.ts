/** BCP 47 tags of the site's locale codes, for dates and the page's lang attribute. */
const TAGS: Record<string, string> = {
  cn: 'zh-CN',
  en: 'en',
  id: 'id',
  my: 'ms',
  th: 'th',
  ty: 'fil',
  vi: 'vi',
};

export const localeTag = (locale: string): string => TAGS[locale] ?? 'en';
