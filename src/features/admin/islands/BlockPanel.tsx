import { lazy, Suspense, useState } from 'react';
import { explainProblem } from '../../../api/explain-problem.ts';
import { formatDate } from '../../../ui/format.ts';
import { dangerButtonClass, secondaryButtonClass } from '../../../ui/classes.ts';
import { Section } from '../../../ui/section.tsx';
import { setUserBlocked, type UserDetail } from '../store.ts';
import type { AdminProps } from './props.ts';
import { useT } from './useT.ts';

const ConfirmDialog = lazy(() => import('../../../ui/confirm-dialog-lazy.ts'));

type User = NonNullable<UserDetail['user']>;

/** The user's state (active, blocked, deleted) and the Block / Unblock action behind a confirmation (docs/admin.md). */
export function BlockPanel(props: AdminProps & { user: User }) {
  const t = useT(props);
  const { user } = props;
  const [asking, setAsking] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const blocked = user.blockedDateUnixTime !== null;
  const date = (unix: number) => formatDate(props.locale, unix);

  if (user.deletedDateUnixTime !== null) {
    return <Section title={t('block.column')}><p className="m-0">{t('block.deletedOn', { date: date(user.deletedDateUnixTime) })}</p></Section>;
  }
  const run = async () => {
    setRefusal(null);
    const problem = await setUserBlocked(user.id, !blocked);
    if (problem) setRefusal(t('block.failed', { reason: explainProblem(problem, t) }));
  };
  return (
    <Section title={t('block.column')}>
      <p className="m-0 mb-2">{blocked ? t('block.blockedSince', { date: date(user.blockedDateUnixTime!) }) : t('block.activeState')}</p>
      <button type="button" className={blocked ? secondaryButtonClass : dangerButtonClass} onClick={() => setAsking(true)}>
        {t(blocked ? 'block.unblock' : 'block.block')}
      </button>
      {refusal && <p role="alert" className="m-0 mt-2 text-red-800">{refusal}</p>}
      {asking && (
        <Suspense>
          <ConfirmDialog
            open
            title={t(blocked ? 'block.unblockTitle' : 'block.blockTitle', { email: user.email })}
            text={t(blocked ? 'block.unblockText' : 'block.blockText')}
            confirm={t(blocked ? 'block.unblock' : 'block.block')}
            cancel={t('common.cancel')}
            tone={blocked ? 'normal' : 'danger'}
            onConfirm={() => void run()}
            onClose={() => setAsking(false)}
          />
        </Suspense>
      )}
    </Section>
  );
}
