import type { T } from '../../../i18n/translate.ts';
import { reasonText, sandboxNext, type DeliveryMessage, type DeliveryStatus, type SandboxEvent } from '../store.ts';
import { formatDateTime } from '../../../ui/format.ts';
import { Table } from '../../../ui/table.tsx';

// Badge colours keep AA contrast on their backgrounds.
const BADGE: Record<DeliveryStatus, string> = {
  queued: 'bg-blue-100 text-blue-900',
  sending: 'bg-blue-100 text-blue-900',
  sent: 'bg-gray-100 text-gray-900',
  delivered: 'bg-green-100 text-green-900',
  read: 'bg-green-100 text-green-900',
  replied: 'bg-green-200 text-green-900',
  failed: 'bg-red-100 text-red-900',
  cancelled: 'bg-yellow-100 text-yellow-900',
};

const phone = (digits: string) => `+${digits}`;
const smallButton = 'px-2 py-0.5 rounded text-xs border border-gray-400 bg-white text-ink hover:bg-gray-100 cursor-pointer';
const AFTER_SEND = [
  ['delivered', 'deliveredUnixTime'],
  ['read', 'readUnixTime'],
  ['replied', 'repliedUnixTime'],
] as const;
/** The latest thing the channel reported after the send. */
const updated = (m: DeliveryMessage) => Math.max(m.deliveredUnixTime ?? 0, m.readUnixTime ?? 0, m.repliedUnixTime ?? 0) || null;

/** One page of the log: flow (link to its editor), recipient, channel, status with reason, times in the page's locale. */
export function MessageLogsTable(props: {
  t: T;
  locale: string;
  base: string;
  list: { items: DeliveryMessage[]; loading: boolean; failed: boolean };
  /** While a sandbox mark runs, beyond loading. */
  busy: boolean;
  /** Loading / failed / empty notices (with a retry and the empty state's texts). */
  notices: NonNullable<Parameters<typeof Table<DeliveryMessage>>[0]['notices']>;
  /** Plays the sandbox recipient's next step (delivered, read, replied) for a message the sandbox sent. */
  onMark: (m: DeliveryMessage, status: SandboxEvent) => void;
}) {
  const { t, locale, base, onMark } = props;
  const time = (s: number | null) => (s ? formatDateTime(locale, s) : '—');
  return (
    <Table
      caption={t('logs.caption')}
      list={props.list}
      rowKey={(m) => m.id}
      rowData={(m) => ({ 'data-message-id': m.id })}
      busy={props.busy}
      notices={props.notices}
      columns={[
        {
          header: t('logs.col.flow'),
          cell: (m) => (
            <>
              {m.flowId && m.flowTitle !== null ? <a className="text-brand-dark underline" href={`${base}/flows/edit/${m.flowId}`}>{m.flowTitle}</a> : <span>{t('logs.noFlow')}</span>}
              <MessageText t={t} m={m} />
            </>
          ),
        },
        {
          header: t('logs.col.recipient'),
          cell: (m) => (
            <>
              {phone(m.recipient)}
              {m.sentTo && m.sentTo !== m.recipient && <div className="text-xs text-ink-muted">{t('logs.sentTo', { phone: phone(m.sentTo) })}</div>}
            </>
          ),
        },
        // A short name keeps rows one line high; the long explanation is the cell's tooltip and the legend above.
        { header: t('logs.col.channel'), className: 'whitespace-nowrap', cell: (m) => <span title={t(`logs.channel.${m.channel}`)} data-channel>{t(`logs.channelShort.${m.channel}`)}</span> },
        // Wide enough for a reason on one or two lines rather than one word a line.
        { header: t('logs.col.status'), className: 'min-w-32', cell: (m) => <StatusCell t={t} locale={locale} m={m} onMark={onMark} /> },
        { header: t('logs.col.planned'), cell: (m) => time(m.plannedUnixTime) },
        { header: t('logs.col.sent'), cell: (m) => time(m.sentUnixTime) },
        { header: t('logs.col.updated'), cell: (m) => time(updated(m)) },
      ]}
    />
  );
}

/** The message's text; a queued message has none yet (the engine renders it when it sends), which the row says. */
function MessageText({ t, m }: { t: T; m: DeliveryMessage }) {
  // At most 14rem: with the other columns the table fits the desktop content width (1366 px screen, sidebar open)
  // without scrolling sideways, whatever a report row holds.
  if (m.text) return <div className="text-xs text-ink-muted max-w-56 truncate" title={m.text} data-text>{m.text}</div>;
  const pending = m.status === 'queued' || m.status === 'sending';
  return <div className="text-xs text-ink-muted italic" data-text>{t(pending ? 'logs.textAtSending' : 'logs.noText')}</div>;
}

/** The status badge, its reason, the times reported after the send, and the sandbox's next steps. */
function StatusCell({ t, locale, m, onMark }: { t: T; locale: string; m: DeliveryMessage; onMark: (m: DeliveryMessage, status: SandboxEvent) => void }) {
  const reason = reasonText(t, m.reason);
  return (
    <>
      <span data-status tabIndex={-1} className={`inline-block rounded px-2 py-0.5 text-xs font-medium ${BADGE[m.status]}`}>{t(`logs.status.${m.status}`)}</span>
      {reason && <div className="text-xs text-ink-muted mt-1">{reason}</div>}
      {AFTER_SEND.map(([status, field]) => {
        const at = m[field];
        return at ? <div key={status} className="text-xs text-ink-muted mt-1" data-time={status}>{t(`logs.time.${status}`, { time: formatDateTime(locale, at) })}</div> : null;
      })}
      {sandboxNext(m).length > 0 && (
        // The sandbox sends nothing for real: the owner plays what the recipient did.
        <div role="group" aria-labelledby={`sandbox-${m.id}`} className="mt-2" data-sandbox-actions>
          <div id={`sandbox-${m.id}`} className="text-xs text-ink-muted mb-1">{t('logs.sandbox.group')}</div>
          <div className="flex flex-wrap gap-1">
            {sandboxNext(m).map((status) => (
              <button key={status} type="button" className={smallButton} onClick={() => onMark(m, status)}>{t(`logs.sandbox.mark.${status}`)}</button>
            ))}
          </div>
        </div>
      )}
    </>
  );
}
