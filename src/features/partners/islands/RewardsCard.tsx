import type { T } from '../../../i18n/translate.ts';
import { notify } from '../../../scripts/notify.ts';
import { listTexts } from '../../../ui/list-states.tsx';
import { Pager } from '../../../ui/pager.tsx';
import { Section } from '../../../ui/section.tsx';
import { Table } from '../../../ui/table.tsx';
import { secondaryButtonClass } from '../../../ui/classes.ts';
import { formatDate, formatMoney } from '../../../ui/format.ts';
import { allRewards, loadProgramme, type ProgrammeState, type ReferralReward } from '../store.ts';
import { copyText } from './copy.ts';

const csvCell = (value: string) => (/[",\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);

/** Every reward as CSV (date, friend, amount, currency), saved as a file. */
async function exportCsv(t: T, locale: string) {
  const rows = await allRewards();
  if (!rows) return notify('error', t('problem.failed'));
  const lines = [t('rewards.csvHeader'), ...rows.map((r) => [new Date(r.createdDateUnixTime * 1000).toISOString().slice(0, 10), r.friendEmail, (r.amount / 100).toFixed(2), r.currency].map(csvCell).join(','))];
  const url = URL.createObjectURL(new Blob([`${lines.join('\n')}\n`], { type: 'text/csv;charset=utf-8' }));
  const a = Object.assign(document.createElement('a'), { href: url, download: `referral-rewards-${locale}.csv` });
  a.click();
  URL.revokeObjectURL(url);
}

/** Rewards for paying friends, newest first, paged; empty: share the link. */
export function RewardsCard({ t, locale, state }: { t: T; locale: string; state: ProgrammeState }) {
  const p = state.programme!;
  return (
    <Section
      title={t('rewards.title')}
      actions={p.rewardsTotal > 0 && <button type="button" className={secondaryButtonClass} onClick={() => void exportCsv(t, locale)}>{t('rewards.export')}</button>}
    >
      <Table<ReferralReward>
        caption={t('rewards.caption')}
        list={{ items: p.rewards, loading: state.loading }}
        rowKey={(r) => r.id}
        notices={{
          texts: listTexts(t, { empty: t('rewards.empty') }),
          emptyAction: <button type="button" className={secondaryButtonClass} onClick={() => void copyText(t, p.url, t('code.linkCopied'))}>{t('rewards.share')}</button>,
          emptyIcon: 'i-lucide-gift',
        }}
        columns={[
          { header: t('rewards.col.date'), cell: (r) => formatDate(locale, r.createdDateUnixTime), sorted: 'descending' },
          { header: t('rewards.col.friend'), cell: (r) => r.friendEmail },
          { header: t('rewards.col.amount'), cell: (r) => formatMoney(r.amount / 100, r.currency) },
        ]}
      />
      <Pager t={t} page={state.page} pages={p.pages} busy={state.loading} label={t('rewards.pages')} onPage={(page) => void loadProgramme(page)} />
    </Section>
  );
}
