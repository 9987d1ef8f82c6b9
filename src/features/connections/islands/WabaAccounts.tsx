import { useEffect, useMemo, useState } from 'react';
import { useStore } from '@nanostores/react';
import { createT } from '../../../i18n/translate.ts';
import { explainProblem } from '../../../api/explain-problem.ts';
import { notify } from '../../../scripts/notify.ts';
import { TextField } from '../../../ui/field.tsx';
import { buttonClass, secondaryButtonClass } from '../../../ui/classes.ts';
import { formatDateTime } from '../../../ui/format.ts';
import { $waba, addWabaAccount, deleteWabaAccount, loadWabaAccounts, setWabaWebhookAgain, type WabaAccount } from '../store-waba.ts';
import type { ConnectionsProps } from './props.ts';
import { StateBadge } from './StateBadge.tsx';
import { ProviderList } from './ProviderList.tsx';
import { useAddForm } from './use-add-form.ts';
import { WabaReplaceKey } from './WabaReplaceKey.tsx';
import { WabaTemplates } from './WabaTemplates.tsx';

const EMPTY = { name: '', apiKey: '' };

/** What the account's `lastError` asks of the owner: a new key (the row offers "Replace key" first). */
const needsKey = (a: WabaAccount) => a.state === 'error' && (a.lastError === 'keyRejected' || a.lastError === 'credentialsUnreadable');

/**
 * §2 /accounts/dialog360: the owner's WhatsApp Business accounts through 360dialog, added by API key (only masked
 * once saved), a key replaced or the webhook set again on a row, and the templates of the open account below the
 * list (the first account's until another is chosen).
 */
export default function WabaAccounts(props: ConnectionsProps) {
  const t = useMemo(() => createT(props.locale, props.messages), [props.locale, props.messages]);
  const list = useStore($waba);
  const form = useAddForm<keyof typeof EMPTY, WabaAccount>(t, EMPTY, ['apiKey']);
  const { values, errors, set } = form;
  const [chosen, setChosen] = useState<number>();
  const [replacing, setReplacing] = useState<number>();
  const [hooking, setHooking] = useState<number>();
  const open = list.items.find((a) => a.id === chosen) ?? list.items[0];
  const onSubmit = form.submit(addWabaAccount, (row) => {
    notify('success', t('waba.added', { name: row.name }));
    setChosen(row.id);
  });
  const reason = (a: WabaAccount) =>
    a.lastError === 'keyRejected' ? t('waba.keyRejected') : a.lastError === 'credentialsUnreadable' ? t('waba.unreadable') : undefined;

  const replaced = list.items.find((a) => a.id === replacing);
  async function rehook(a: WabaAccount) {
    setHooking(a.id);
    const { data, problem } = await setWabaWebhookAgain(a.id);
    setHooking(undefined);
    if (data) notify('success', t('waba.rehooked', { name: data.name }));
    else notify('error', problem?.code === 'wabaKeyRejected' ? t('waba.keyRejected') : explainProblem(problem, t));
  }

  // The panel's heading follows the account; a deleted one leaves the choice to the first.
  useEffect(() => {
    if (chosen && !list.items.some((a) => a.id === chosen)) setChosen(undefined);
  }, [chosen, list.items]);

  return (
    <>
      <ProviderList
        t={t}
        kind="waba"
        list={list}
        load={loadWabaAccounts}
        remove={deleteWabaAccount}
        emptyIcon="i-lucide-messages-square"
        nameOf={(a) => a.name}
        form={{
          ...form,
          onSubmit,
          fields: (
            <>
              <TextField label={t('waba.apiKey')} hint={t('waba.apiKeyHint')} type="password" name="apiKey" maxLength={200} autoComplete="new-password" required value={values.apiKey} error={errors.apiKey} onChange={set('apiKey')} />
              <TextField label={t('waba.name')} hint={t('waba.nameHint')} name="name" maxLength={100} autoComplete="off" value={values.name} error={errors.name} onChange={set('name')} />
            </>
          ),
        }}
        columns={[
          { header: t('col.name'), cell: (a) => a.name, className: 'min-w-32' },
          { header: t('waba.apiKey'), cell: (a) => <span className="font-mono" data-masked>{a.apiKeyMasked}</span>, className: 'whitespace-nowrap' },
          {
            header: t('col.state'),
            className: 'min-w-40',
            cell: (a) => (
              <span className="flex flex-col gap-0.5">
                <StateBadge t={t} number={a} reason={reason(a)} />
                {a.lastError === 'repliesNeedHttps' && <span className="text-xs text-amber-900" data-note="repliesNeedHttps">{t('waba.repliesNeedHttps')}</span>}
              </span>
            ),
          },
          {
            header: t('waba.templatesColumn'),
            className: 'whitespace-nowrap',
            cell: (a) => (
              <span className="flex flex-col" data-templates={a.templates}>
                <span>{a.templates}</span>
                <span className="text-xs text-ink-muted">
                  {a.templatesSyncedUnixTime == null ? t('waba.neverSynced') : t('waba.syncedAt', { time: formatDateTime(props.locale, a.templatesSyncedUnixTime) })}
                </span>
              </span>
            ),
          },
        ]}
        rowActions={(a) => (
          <>
            <button type="button" className={`${needsKey(a) ? buttonClass : secondaryButtonClass} whitespace-nowrap`} aria-expanded={replacing === a.id} aria-label={t('waba.replaceLabel', { name: a.name })} onClick={() => setReplacing(replacing === a.id ? undefined : a.id)}>
              {t('waba.replaceKey')}
            </button>
            {a.lastError === 'repliesNeedHttps' && (
              <button type="button" className={`${secondaryButtonClass} whitespace-nowrap`} disabled={hooking === a.id} aria-busy={hooking === a.id} aria-label={t('waba.rehookLabel', { name: a.name })} onClick={() => void rehook(a)}>
                {t('waba.rehook')}
              </button>
            )}
            {list.items.length > 1 && (
              <button type="button" className={`${secondaryButtonClass} whitespace-nowrap`} aria-pressed={open?.id === a.id} aria-label={t('waba.openLabel', { name: a.name })} onClick={() => setChosen(a.id)}>
                {t('waba.open')}
              </button>
            )}
          </>
        )}
      />
      {replaced && <WabaReplaceKey key={replaced.id} t={t} account={replaced} onClose={() => setReplacing(undefined)} />}
      {open && <WabaTemplates key={open.id} t={t} locale={props.locale} account={open} />}
    </>
  );
}
