import type { T } from '../../../i18n/translate.ts';

/** The texts the public ignore form shows, resolved at build time in the page's language. */
export interface IgnorePageTexts {
  submit: string;
  working: string;
  done: string;
  network: string;
  linkInvalid: string;
  tooMany: string;
  required: string;
  /** A server field error's text by its code (the English text the server sends is never shown). */
  byCode: Record<string, string>;
}

/** The §5 codes the phone field can answer with. */
const PHONE_CODES = ['phoneRequired', 'phoneInvalid', 'phoneAlreadyIgnored'] as const;

export function ignorePageTexts(t: T): IgnorePageTexts {
  const byCode: Record<string, string> = {};
  for (const code of PHONE_CODES) byCode[code] = t(`validation.${code}`);
  byCode.required = byCode.phoneRequired!; // the contract's own check of an absent phone
  return {
    submit: t('public.submit'),
    working: t('working'),
    done: t('public.done'),
    network: t('errors.network'),
    linkInvalid: t('errors.linkInvalid'),
    tooMany: t('errors.tooMany'),
    required: byCode.phoneRequired!,
    byCode,
  };
}
