import { useId } from 'react';
import type { T } from '../../../i18n/translate.ts';
import { Section } from '../../../ui/section.tsx';
import { buttonClass, inputClass, secondaryButtonClass, textLinkClass } from '../../../ui/classes.ts';
import { formatAmount, formatMoney } from '../../../ui/format.ts';
import type { Programme } from '../store.ts';
import { copyText } from './copy.ts';

/** The owner's code and registration link with copy buttons, the programme's terms (or the gift where values are hidden). */
export function CodeCard({ t, p, applyHref }: { t: T; p: Programme; applyHref?: string }) {
  const codeId = useId();
  const urlId = useId();
  const reward = p.ownerReward;
  return (
    <Section title={t('code.title')}>
      <p className="m-0 mb-3 text-ink-muted">{t('intro')}</p>
      <div className="flex flex-col gap-3 max-w-2xl">
        <div className="flex flex-col gap-1">
          <label htmlFor={codeId} className="font-medium">{t('code.label')}</label>
          <div className="flex gap-2">
            <input id={codeId} className={`${inputClass} font-mono max-w-60`} readOnly value={p.code} data-referral-code onFocus={(e) => e.target.select()} />
            <button type="button" className={`${buttonClass} whitespace-nowrap`} onClick={() => void copyText(t, p.code, t('code.copied', { code: p.code }))}>{t('code.copy')}</button>
          </div>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={urlId} className="font-medium">{t('code.linkLabel')}</label>
          <div className="flex gap-2">
            <input id={urlId} className={inputClass} readOnly value={p.url} onFocus={(e) => e.target.select()} />
            <button type="button" className={`${secondaryButtonClass} whitespace-nowrap`} onClick={() => void copyText(t, p.url, t('code.linkCopied'))}>{t('code.copyLink')}</button>
          </div>
        </div>
      </div>
      <p className="m-0 mt-3" data-referral-terms>
        {p.friendDiscountPercent !== null && reward
          ? t('code.terms', { discount: p.friendDiscountPercent, reward: formatMoney(reward.amount / 100, reward.currency) }) +
            (reward.percent > 0 ? ` ${t('code.termsPercent', { percent: formatAmount(reward.percent) })}` : '')
          : t('code.termsHidden')}
      </p>
      {p.friendGiftText && <p className="m-0 mt-1 font-medium" data-friend-gift>{t('code.gift', { gift: p.friendGiftText })}</p>}
      {applyHref && (
        <p className="m-0 mt-3 text-sm">
          {t('code.haveCode')} <a className={textLinkClass} href={applyHref}>{t('code.apply')}</a>
        </p>
      )}
    </Section>
  );
}

/** Registrations, visits, paying friends and the balance. */
export function Totals({ t, p }: { t: T; p: Programme }) {
  const items = [
    [t('totals.transitions'), formatAmount(p.totals.transitions)],
    [t('totals.registrations'), formatAmount(p.totals.registrations)],
    [t('totals.payingFriends'), formatAmount(p.totals.payingFriends)],
    [t('totals.balance'), formatMoney(p.balance, 'USD')],
  ] as const;
  return (
    <Section title={t('totals.title')}>
      <dl className="grid grid-cols-2 sm:grid-cols-4 gap-3 m-0">
        {items.map(([label, value]) => (
          <div key={label} className="flex flex-col">
            <dt className="text-sm text-ink-muted">{label}</dt>
            <dd className="m-0 text-xl font-semibold">{value}</dd>
          </div>
        ))}
      </dl>
    </Section>
  );
}
