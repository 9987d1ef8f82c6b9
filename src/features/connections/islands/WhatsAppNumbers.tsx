import { lazy, Suspense, useEffect, useMemo, useState, type FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import { createT } from '../../../i18n/translate.ts';
import { explainFieldErrors, explainProblem } from '../../../api/explain-problem.ts';
import { notify } from '../../../scripts/notify.ts';
import { focusFirstField, listTexts } from '../../../ui/list-states.tsx';
import { Table } from '../../../ui/table.tsx';
import { FormMessage, SubmitButton, TextField } from '../../../ui/field.tsx';
import { buttonClass, dangerButtonClass, secondaryButtonClass } from '../../../ui/classes.ts';
import { $whatsApp, addNumber, deleteNumber, displayPhone, isConnected, loadNumbers, logoutNumber, type WhatsAppNumber } from '../store.ts';
import type { ConnectionsProps } from './props.ts';
import { StateBadge } from './StateBadge.tsx';
import { QrPanel } from './QrPanel.tsx';
import { ShareLink } from './ShareLink.tsx';
import { NumberSending } from './NumberSending.tsx';
import { FallbackOrder } from './FallbackOrder.tsx';
import { NumberCards, useWide } from './NumberCards.tsx';

// Loaded when the screen first asks: no code for the dialog in the page's initial JavaScript.
const ConfirmDialog = lazy(() => import('../../../ui/confirm-dialog-lazy.ts'));

type Panel = { kind: 'qr' | 'share'; id: number };
type Confirming = { kind: 'logout' | 'remove'; number: WhatsAppNumber };

/** §2 /accounts/whats-app: the owner's WhatsApp numbers, their live state, linking by QR or code, logout, delete. */
export default function WhatsAppNumbers(props: ConnectionsProps) {
  const t = useMemo(() => createT(props.locale, props.messages), [props.locale, props.messages]);
  const list = useStore($whatsApp);
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string>();
  const [addProblem, setAddProblem] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [panel, setPanel] = useState<Panel>();
  const [confirming, setConfirming] = useState<Confirming>();

  const wide = useWide();
  useEffect(() => void loadNumbers(), []);
  const open = panel && list.numbers.find((n) => n.id === panel.id);

  async function add(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setAddProblem(undefined);
    if (!name.trim()) return setNameError(t('add.nameRequired'));
    setNameError(undefined);
    setBusy(true);
    const { data, problem } = await addNumber(name);
    setBusy(false);
    if (!data) {
      const fields = explainFieldErrors(problem.errors, t);
      if (fields.name) return setNameError(fields.name);
      return setAddProblem(explainProblem(problem, t));
    }
    setName('');
    notify('success', t('add.added', { name: data.name }));
    setPanel({ kind: 'qr', id: data.id });
  }

  async function confirmed({ kind, number }: Confirming) {
    const { problem } = kind === 'logout' ? await logoutNumber(number.id) : await deleteNumber(number.id);
    if (problem) return notify('error', explainProblem(problem, t));
    if (panel?.id === number.id) setPanel(undefined);
    notify('success', t(kind === 'logout' ? 'logout.done' : 'remove.done', { name: number.name }));
  }

  /** A number's actions: a row of buttons in the table, full-width buttons on a phone's card. */
  const actions = (n: WhatsAppNumber, layout: 'row' | 'card') => {
    const fit = layout === 'card' ? ' w-full' : '';
    return (
      <div className={layout === 'card' ? 'flex flex-col gap-2' : 'flex flex-wrap gap-2 whitespace-nowrap'}>
        {!isConnected(n.state) && (
          <>
            <button type="button" className={buttonClass + fit} aria-label={t('actions.linkLabel', { name: n.name })} onClick={() => setPanel({ kind: 'qr', id: n.id })}>{t('actions.link')}</button>
            <button type="button" className={secondaryButtonClass + fit} aria-label={t('actions.shareLabel', { name: n.name })} onClick={() => setPanel({ kind: 'share', id: n.id })}>{t('actions.share')}</button>
          </>
        )}
        {isConnected(n.state) && (
          <button type="button" className={secondaryButtonClass + fit} aria-label={t('actions.logoutLabel', { name: n.name })} onClick={() => setConfirming({ kind: 'logout', number: n })}>{t('actions.logout')}</button>
        )}
        <button type="button" className={dangerButtonClass + fit} aria-label={t('actions.deleteLabel', { name: n.name })} onClick={() => setConfirming({ kind: 'remove', number: n })}>{t('actions.delete')}</button>
      </div>
    );
  };

  return (
    <div>
      <p className="m-0 mb-4 text-ink-muted">{t('intro')}</p>
      {list.noGateway && (
        <section role="status" aria-labelledby="no-gateway-title" className="border border-amber-200 bg-amber-50 text-amber-950 rounded p-3 mb-4" data-no-gateway>
          <h2 id="no-gateway-title" className="text-base font-semibold m-0 mb-1">{t('gateway.title')}</h2>
          <p className="m-0 text-sm">{t('gateway.text')}</p>
        </section>
      )}

      <form noValidate onSubmit={add} aria-labelledby="add-number-title" className="border border-gray-200 rounded p-3 mb-4 bg-white flex flex-col gap-3">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="add-number-title" className="text-base font-semibold m-0">{t('add.title')}</h2>
          {!list.loading && !list.failed && <p className="m-0 text-sm text-ink-muted" data-limit>{t('limit', { used: list.numbers.length, count: list.limit })}</p>}
        </div>
        <div className="max-w-md">
          <TextField label={t('add.name')} hint={t('add.nameHint')} name="name" maxLength={64} autoComplete="off" required value={name} error={nameError} onChange={(e) => setName(e.target.value)} />
        </div>
        {addProblem && <FormMessage kind="error">{addProblem}</FormMessage>}
        <div>
          <SubmitButton busy={busy} busyLabel={t('working')}>{t('add.submit')}</SubmitButton>
        </div>
      </form>

      {open && panel.kind === 'qr' && <QrPanel key={open.id} t={t} locale={props.locale} number={open} onClose={() => setPanel(undefined)} />}
      {open && panel.kind === 'share' && <ShareLink key={open.id} t={t} locale={props.locale} base={props.qrPageBase} number={open} onClose={() => setPanel(undefined)} />}

      {confirming && (
        <Suspense>
          <ConfirmDialog
            open
            title={t(confirming.kind === 'logout' ? 'logout.title' : 'remove.title')}
            text={t(confirming.kind === 'logout' ? 'logout.text' : 'remove.text', { name: confirming.number.name })}
            confirm={t(confirming.kind === 'logout' ? 'logout.yes' : 'remove.yes')}
            cancel={t(confirming.kind === 'logout' ? 'logout.no' : 'remove.no')}
            onConfirm={() => void confirmed(confirming)}
            onClose={() => setConfirming(undefined)}
          />
        </Suspense>
      )}

      {!wide && list.numbers.length > 0 ? (
        <NumberCards t={t} numbers={list.numbers} actions={(n) => actions(n, 'card')} />
      ) : (
        <Table
          caption={t('caption')}
          list={{ items: list.numbers, loading: list.loading, failed: list.failed }}
          rowKey={(n) => n.id}
          rowData={(n) => ({ 'data-number-id': n.id })}
          notices={{
            texts: listTexts(t, { empty: t('empty') }),
            retry: { label: t('ui.retry'), run: () => void loadNumbers() },
            emptyAction: <button type="button" className={buttonClass} onClick={() => focusFirstField('add-number-title')}>{t('add.first')}</button>,
            emptyIcon: 'i-lucide-smartphone',
          }}
          columns={[
            { header: t('col.name'), cell: (n) => n.name },
            { header: t('col.phone'), cell: (n) => displayPhone(n.phone) ?? <span className="text-ink-muted">{t('noPhone')}</span> },
            { header: t('col.state'), cell: (n) => <StateBadge t={t} number={n} /> },
            // Only a Connected number sends: the others have no warm-up or pause to show.
            { header: t('sending.column'), cell: (n) => (isConnected(n.state) ? <NumberSending key={n.id} t={t} number={n} /> : <span className="text-ink-muted">—</span>) },
            {
              header: t('col.actions'),
              hideHeader: true,
              cell: (n) => actions(n, 'row'),
            },
          ]}
        />
      )}
      <FallbackOrder t={t} />
    </div>
  );
}
