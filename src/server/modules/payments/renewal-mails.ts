import type { SystemLanguage } from '../../../i18n/locales.ts';
import type { Mail } from '../../platform/mail/mailer.ts';
import { dateOf, formatMoney } from './invoice-format.ts';

// What the owner is told about auto-pay and the trial (docs/subscriptions.md), in their stored language.

interface Texts {
  failedSubject: string;
  failed: (amount: string, reason: string) => string;
  retryOn: (date: string) => string;
  stopped: string;
  retrySoon: string;
  trialSubject: string;
  trialCharge: (date: string, amount: string) => string;
  trialNoMethod: (date: string) => string;
  trialCancel: string;
  trialEndedSubject: string;
  trialEnded: string;
  payAt: string;
}

const TEXTS: Record<SystemLanguage, Texts> = {
  ru: {
    failedSubject: 'Не удалось списать автоплатёж',
    failed: (a, r) => `Не удалось списать ${a} за продление подписки (${r}).`,
    retryOn: (d) => `Мы попробуем снова ${d}.`,
    stopped: 'Автоплатёж отключён. Чтобы продлить подписку, оплатите её вручную.',
    retrySoon: 'Платёж будет повторён автоматически.',
    trialSubject: 'Пробный период заканчивается завтра',
    trialCharge: (d, a) => `Пробный период заканчивается ${d}. Затем будет списано ${a} в месяц, если вы не отмените подписку.`,
    trialNoMethod: (d) => `Пробный период заканчивается ${d}. Чтобы продолжить работу, оплатите тариф.`,
    trialCancel: 'Отменить подписку можно в разделе «Оплата».',
    trialEndedSubject: 'Пробный период закончился',
    trialEnded: 'Пробный период закончился, а способ оплаты не сохранён, поэтому ничего не списано. Чтобы продолжить работу, оплатите тариф.',
    payAt: 'Оплата:',
  },
  en: {
    failedSubject: 'Auto-pay charge failed',
    failed: (a, r) => `We could not charge ${a} to renew your subscription (${r}).`,
    retryOn: (d) => `We will try again on ${d}.`,
    stopped: 'Auto-pay is now off. To renew the subscription, pay for it yourself.',
    retrySoon: 'The payment will be tried again automatically.',
    trialSubject: 'Your trial ends tomorrow',
    trialCharge: (d, a) => `Your trial ends on ${d}. Then ${a} a month is charged unless you cancel.`,
    trialNoMethod: (d) => `Your trial ends on ${d}. To keep working, pay for a tariff.`,
    trialCancel: 'You can cancel the subscription on the Payments page.',
    trialEndedSubject: 'Your trial has ended',
    trialEnded: 'Your trial has ended. No payment method is saved, so nothing was charged. To keep working, pay for a tariff.',
    payAt: 'Payments:',
  },
  uk: {
    failedSubject: 'Не вдалося списати автоплатіж',
    failed: (a, r) => `Не вдалося списати ${a} за продовження підписки (${r}).`,
    retryOn: (d) => `Ми спробуємо знову ${d}.`,
    stopped: 'Автоплатіж вимкнено. Щоб продовжити підписку, оплатіть її вручну.',
    retrySoon: 'Платіж буде повторено автоматично.',
    trialSubject: 'Пробний період закінчується завтра',
    trialCharge: (d, a) => `Пробний період закінчується ${d}. Потім буде списано ${a} на місяць, якщо ви не скасуєте підписку.`,
    trialNoMethod: (d) => `Пробний період закінчується ${d}. Щоб продовжити роботу, оплатіть тариф.`,
    trialCancel: 'Скасувати підписку можна в розділі «Оплата».',
    trialEndedSubject: 'Пробний період закінчився',
    trialEnded: 'Пробний період закінчився, а спосіб оплати не збережено, тому нічого не списано. Щоб продовжити роботу, оплатіть тариф.',
    payAt: 'Оплата:',
  },
  pt_br: {
    failedSubject: 'Falha na cobrança automática',
    failed: (a, r) => `Não conseguimos cobrar ${a} para renovar sua assinatura (${r}).`,
    retryOn: (d) => `Tentaremos de novo em ${d}.`,
    stopped: 'O pagamento automático foi desativado. Para renovar a assinatura, pague manualmente.',
    retrySoon: 'O pagamento será tentado de novo automaticamente.',
    trialSubject: 'Seu período de teste termina amanhã',
    trialCharge: (d, a) => `Seu período de teste termina em ${d}. Depois serão cobrados ${a} por mês, a menos que você cancele.`,
    trialNoMethod: (d) => `Seu período de teste termina em ${d}. Para continuar, pague um plano.`,
    trialCancel: 'Você pode cancelar a assinatura na página Pagamentos.',
    trialEndedSubject: 'Seu período de teste terminou',
    trialEnded: 'Seu período de teste terminou. Nenhum meio de pagamento está salvo, então nada foi cobrado. Para continuar, pague um plano.',
    payAt: 'Pagamentos:',
  },
};

export interface Owner {
  email: string;
  language: SystemLanguage;
  /** The brand's /payments page. */
  paymentsUrl: string;
}

/** What follows a refused charge: our retry on a date, auto-pay stopped, or the provider's own retries (Stripe). */
export type AfterFailure = { retryAt: number } | 'stopped' | 'providerRetries';

/** A renewal (or the trial's charge) was refused: when it is tried again, or that auto-pay stopped. */
export function renewalFailedMail(owner: Owner, amount: number, currency: string, reason: string, after: AfterFailure): Mail {
  const t = TEXTS[owner.language];
  const next = after === 'stopped' ? t.stopped : after === 'providerRetries' ? t.retrySoon : t.retryOn(dateOf(after.retryAt));
  return { to: owner.email, subject: t.failedSubject, text: `${t.failed(formatMoney(amount, currency), reason)}\n${next}\n\n${t.payAt} ${owner.paymentsUrl}\n` };
}

/** A day before the trial ends: what happens then (a charge with a saved method, else nothing until they pay). */
export function trialEndingMail(owner: Owner, endsAt: number, amount: number, currency: string, willCharge: boolean): Mail {
  const t = TEXTS[owner.language];
  const what = willCharge ? `${t.trialCharge(dateOf(endsAt), formatMoney(amount, currency))}\n${t.trialCancel}` : t.trialNoMethod(dateOf(endsAt));
  return { to: owner.email, subject: t.trialSubject, text: `${what}\n\n${t.payAt} ${owner.paymentsUrl}\n` };
}

/** The trial ended with no saved method: nothing could be charged. */
export function trialEndedMail(owner: Owner): Mail {
  const t = TEXTS[owner.language];
  return { to: owner.email, subject: t.trialEndedSubject, text: `${t.trialEnded}\n\n${t.payAt} ${owner.paymentsUrl}\n` };
}
