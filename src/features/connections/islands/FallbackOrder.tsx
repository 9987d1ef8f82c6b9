import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { T } from '../../../i18n/translate.ts';
import { explainFieldErrors, explainProblem } from '../../../api/explain-problem.ts';
import { notify } from '../../../scripts/notify.ts';
import { FormMessage, SubmitButton } from '../../../ui/field.tsx';
import { secondaryButtonClass } from '../../../ui/classes.ts';
import { CHANNEL_KINDS, FALLBACK_MAX, FALLBACK_MIN, moveKind, readFallbackOrder, saveFallbackOrder, type ChannelKind } from '../store-sending.ts';

const small = `${secondaryButtonClass} px-2 py-1`;

/**
 * The owner's fallback order (`GET/PUT /Accounts/Sending`): the channel kinds tried in turn for a client the first
 * cannot reach. Up/down buttons move a kind; after a move the focus follows it, so the keyboard can keep moving it.
 */
export function FallbackOrder({ t }: { t: T }) {
  const [order, setOrder] = useState<ChannelKind[]>();
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [formProblem, setFormProblem] = useState<string>();
  const focusNext = useRef<string>(undefined);
  const form = useRef<HTMLFormElement>(null);

  const load = async () => {
    setFailed(false);
    const { data } = await readFallbackOrder();
    if (data) setOrder(data.fallbackOrder);
    else setFailed(true);
  };
  useEffect(() => void load(), []);
  useEffect(() => {
    if (!focusNext.current) return;
    form.current?.querySelector<HTMLButtonElement>(`[data-focus="${focusNext.current}"]`)?.focus();
    focusNext.current = undefined;
  }, [order]);

  const change = (next: ChannelKind[], focus?: string) => {
    focusNext.current = focus;
    setOrder(next);
    setError(undefined);
    setFormProblem(undefined);
  };
  const name = (kind: ChannelKind) => t(`sending.kind.${kind}`);

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!order || busy) return;
    setBusy(true);
    const { data, problem } = await saveFallbackOrder(order);
    setBusy(false);
    if (data) {
      setOrder(data.fallbackOrder);
      return notify('success', t('sending.order.saved'));
    }
    const field = Object.entries(explainFieldErrors(problem.errors, t)).find(([f]) => f.startsWith('fallbackOrder'));
    if (field) setError(field[1]);
    else setFormProblem(explainProblem(problem, t));
  }

  const [first, ...rest] = order ?? [];
  const missing = CHANNEL_KINDS.filter((k) => !order?.includes(k));
  return (
    <form ref={form} noValidate onSubmit={save} aria-labelledby="fallback-title" className="border border-gray-200 rounded p-3 mt-6 bg-white flex flex-col gap-3" data-fallback-order>
      <h2 id="fallback-title" className="text-base font-semibold m-0">{t('sending.order.title')}</h2>
      <p className="m-0 text-sm text-ink-muted">{t('sending.order.intro')}</p>
      {failed && (
        <p className="m-0 text-sm" role="alert">
          {t('sending.order.loadFailed')}{' '}
          <button type="button" className={small} onClick={() => void load()}>{t('ui.retry')}</button>
        </p>
      )}
      {!order && !failed && <p className="m-0 text-sm text-ink-muted" role="status">{t('working')}</p>}
      {order && first && (
        <>
          <p className="m-0 text-sm font-medium" data-order-summary>
            {rest.length ? t('sending.order.summary', { first: name(first), rest: rest.map(name).join(', ') }) : t('sending.order.only', { first: name(first) })}
          </p>
          <fieldset className="border-0 p-0 m-0" aria-describedby="fallback-error fallback-sms">
            <legend className="text-sm font-medium mb-1">{t('sending.order.legend')}</legend>
            <ol className="m-0 p-0 list-none flex flex-col gap-1 max-w-md">
              {order.map((kind, i) => (
                <li key={kind} className="flex items-center gap-2 border border-gray-200 rounded px-2 py-1" data-kind={kind}>
                  <span className="w-6 text-ink-muted">{i + 1}.</span>
                  <span className="flex-1 text-sm">{name(kind)}</span>
                  <button type="button" className={small} data-focus={`up-${kind}`} disabled={i === 0} aria-label={t('sending.order.up', { kind: name(kind) })}
                    onClick={() => change(moveKind(order, i, -1), i - 1 === 0 ? `down-${kind}` : `up-${kind}`)}>
                    <span aria-hidden="true">↑</span>
                  </button>
                  <button type="button" className={small} data-focus={`down-${kind}`} disabled={i === order.length - 1} aria-label={t('sending.order.down', { kind: name(kind) })}
                    onClick={() => change(moveKind(order, i, 1), i + 1 === order.length - 1 ? `up-${kind}` : `down-${kind}`)}>
                    <span aria-hidden="true">↓</span>
                  </button>
                  <button type="button" className={small} disabled={order.length <= FALLBACK_MIN} aria-label={t('sending.order.remove', { kind: name(kind) })}
                    onClick={() => change(order.filter((k) => k !== kind), `add-${kind}`)}>
                    {t('sending.order.removeShort')}
                  </button>
                </li>
              ))}
            </ol>
          </fieldset>
          {missing.length > 0 && order.length < FALLBACK_MAX && (
            <div className="flex flex-wrap gap-2">
              {missing.map((kind) => (
                <button key={kind} type="button" className={small} data-focus={`add-${kind}`} onClick={() => change([...order, kind], `up-${kind}`)}>
                  {t('sending.order.add', { kind: name(kind) })}
                </button>
              ))}
            </div>
          )}
          <p id="fallback-error" className="text-sm text-red-700 m-0 empty:hidden" aria-live="polite">{error ?? ''}</p>
          <p id="fallback-sms" className="m-0 text-xs text-ink-muted">{t('sending.order.smsNote')}</p>
          {formProblem && <FormMessage kind="error">{formProblem}</FormMessage>}
          <div>
            <SubmitButton busy={busy} busyLabel={t('working')}>{t('sending.order.save')}</SubmitButton>
          </div>
        </>
      )}
    </form>
  );
}
