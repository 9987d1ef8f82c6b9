import { useEffect, useMemo } from 'react';
import { useStore } from '@nanostores/react';
import { createT } from '../../../i18n/translate.ts';
import { ListState, listTexts } from '../../../ui/list-states.tsx';
import { $programme, loadProgramme } from '../store.ts';
import { CodeCard, Totals } from './CodeCard.tsx';
import { LinksCard } from './LinksCard.tsx';
import type { PartnersProps } from './props.ts';
import { RewardsCard } from './RewardsCard.tsx';

/** §2 /partners/promocodes: the owner's code, the results, the referral links and the rewards. */
export default function ReferralProgramme(props: PartnersProps) {
  const t = useMemo(() => createT(props.locale, props.messages), [props.locale, props.messages]);
  const state = useStore($programme);
  useEffect(() => void loadProgramme(1), []);
  const p = state.programme;
  if (!p) {
    return <ListState loading={state.loading} failed={state.failed} empty={false} texts={listTexts(t)} retry={{ label: t('ui.retry'), run: () => void loadProgramme() }} />;
  }
  return (
    <div data-referral-programme>
      <CodeCard t={t} p={p} applyHref={props.applyHref} />
      <Totals t={t} p={p} />
      <LinksCard t={t} p={p} />
      <RewardsCard t={t} locale={props.locale} state={state} />
    </div>
  );
}
