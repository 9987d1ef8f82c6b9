import type { SystemLanguage } from '../../../i18n/locales.ts';
import type { Mail } from '../../platform/mail/mailer.ts';

// The account's mails in the recipient's stored language (issue 16: an owner who signed up in English was mailed
// in English whatever they chose; the glossary in docs/glossary.md holds for these words too).

interface Texts {
  confirmSubject: string;
  welcome: string;
  confirmNew: string;
  confirmLink: string;
  confirmCode: string;
  resetSubject: string;
  resetLink: string;
  resetCode: string;
  resetOnce: (minutes: number) => string;
}

const TEXTS: Record<SystemLanguage, Texts> = {
  ru: {
    confirmSubject: 'Подтвердите e-mail',
    welcome: 'Добро пожаловать!',
    confirmNew: 'Подтвердите новый адрес e-mail.',
    confirmLink: 'Чтобы подтвердить адрес, откройте ссылку:',
    confirmCode: 'Код подтверждения',
    resetSubject: 'Восстановление пароля',
    resetLink: 'Чтобы задать новый пароль, откройте ссылку:',
    resetCode: 'Код восстановления',
    resetOnce: (m) => `Код действует один раз и истекает через ${m} мин.`,
  },
  en: {
    confirmSubject: 'Confirm your email',
    welcome: 'Welcome!',
    confirmNew: 'Confirm your new email address.',
    confirmLink: 'To confirm the address, open this link:',
    confirmCode: 'Confirmation code',
    resetSubject: 'Password reset',
    resetLink: 'To set a new password, open this link:',
    resetCode: 'Reset code',
    resetOnce: (m) => `The code works once and expires in ${m} minutes.`,
  },
  uk: {
    confirmSubject: 'Підтвердьте e-mail',
    welcome: 'Ласкаво просимо!',
    confirmNew: 'Підтвердьте нову адресу e-mail.',
    confirmLink: 'Щоб підтвердити адресу, відкрийте посилання:',
    confirmCode: 'Код підтвердження',
    resetSubject: 'Відновлення пароля',
    resetLink: 'Щоб задати новий пароль, відкрийте посилання:',
    resetCode: 'Код відновлення',
    resetOnce: (m) => `Код діє один раз і спливає через ${m} хв.`,
  },
  pt_br: {
    confirmSubject: 'Confirme seu e-mail',
    welcome: 'Boas-vindas!',
    confirmNew: 'Confirme seu novo endereço de e-mail.',
    confirmLink: 'Para confirmar o endereço, abra este link:',
    confirmCode: 'Código de confirmação',
    resetSubject: 'Redefinição de senha',
    resetLink: 'Para definir uma nova senha, abra este link:',
    resetCode: 'Código de redefinição',
    resetOnce: (m) => `O código vale uma vez e expira em ${m} minutos.`,
  },
};

/** The confirmation mail of a new account (`welcome`) or of a changed address. */
export function confirmEmailMail(to: string, language: SystemLanguage, link: string, code: string, welcome: boolean): Mail {
  const t = TEXTS[language];
  return { to, subject: t.confirmSubject, text: `${welcome ? t.welcome : t.confirmNew}\n${t.confirmLink}\n${link}\n\n${t.confirmCode}: ${code}\n` };
}

export function resetPasswordMail(to: string, language: SystemLanguage, link: string, code: string, minutes: number): Mail {
  const t = TEXTS[language];
  return { to, subject: t.resetSubject, text: `${t.resetLink}\n${link}\n\n${t.resetCode}: ${code}\n${t.resetOnce(minutes)}\n` };
}
