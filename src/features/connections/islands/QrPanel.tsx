import { useEffect, useRef, useState } from 'react';
import type { T } from '../../../i18n/translate.ts';
import type { Locale } from '../../../i18n/locales.ts';
import { explainProblem } from '../../../api/explain-problem.ts';
import { secondaryButtonClass } from '../../../ui/classes.ts';
import { FormMessage } from '../../../ui/field.tsx';
import { isConnected, isWaiting, QR_LOAD_SECONDS, QR_POLL_MS, readQr, refreshNumber, type WhatsAppNumber, type WhatsAppQr } from '../store.ts';
import { QrImage } from './QrImage.tsx';
import { PairingCodeForm } from './PairingCodeForm.tsx';
import { reasonText } from './StateBadge.tsx';

/** Seconds since a unix time, ticking each second while `on`. */
function useElapsed(since: number | undefined, on: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!on) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [on]);
  return since === undefined ? 0 : Math.max(0, Math.floor(now / 1000 - since));
}

/**
 * Linking one number: asks for the QR at once and every QR_POLL_MS while the gateway starts or the QR waits (the
 * gateway rotates it every 20 s), pauses while the tab is hidden, stops once connected, failed or closed. The
 * pairing code is the other way in.
 */
export function QrPanel({ t, locale, number, onClose }: { t: T; locale: Locale; number: WhatsAppNumber; onClose: () => void }) {
  const [qr, setQr] = useState<WhatsAppQr>();
  const [problem, setProblem] = useState<string>();
  const [round, setRound] = useState(0);
  const [useCode, setUseCode] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const id = number.id;

  useEffect(() => heading.current?.focus(), [id]);

  useEffect(() => {
    let live = true;
    let timer: number | undefined;
    let waiting = true; // false once a state that needs no more asking arrives
    const ask = async () => {
      timer = undefined;
      if (!live || document.hidden) return; // a hidden tab resumes on visibilitychange
      const { data, problem: failed } = await readQr(id);
      if (!live) return;
      if (data) {
        setQr(data);
        setProblem(undefined);
        waiting = isWaiting(data.state);
        if (isConnected(data.state) || data.state === 'error') void refreshNumber(id); // the list gets the phone or the reason
      } else {
        setProblem(explainProblem(failed, t));
        // A missing number or gateway does not come back by asking; a gateway that did not answer may.
        waiting = failed.status !== 404 && failed.code !== 'gatewayNotConfigured';
      }
      if (waiting) timer = window.setTimeout(() => void ask(), QR_POLL_MS);
    };
    const onVisibility = () => {
      if (!document.hidden && waiting && timer === undefined) void ask();
      else if (document.hidden && timer !== undefined) (window.clearTimeout(timer), (timer = undefined));
    };
    document.addEventListener('visibilitychange', onVisibility);
    void ask();
    return () => {
      live = false;
      window.clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [id, round, t]);

  const state = qr?.state;
  const loading = !qr || state === 'loading' || state === 'init';
  const elapsed = useElapsed(qr?.stateChangedUnixTime, !problem && loading);
  const titleId = `qr-panel-${id}`;

  return (
    <section aria-labelledby={titleId} className="border border-gray-200 rounded p-4 mb-4 bg-white flex flex-col gap-3" data-qr-panel={id}>
      <div className="flex items-start justify-between gap-2">
        <h2 id={titleId} ref={heading} tabIndex={-1} className="text-base font-semibold m-0">{t('qr.title', { name: number.name })}</h2>
        <button type="button" className={secondaryButtonClass} onClick={onClose}>{t('qr.close')}</button>
      </div>
      {problem && <FormMessage kind="error">{problem}</FormMessage>}
      {!problem && loading && (
        <div role="status" className="flex flex-col gap-2">
          <p className="m-0">{t('qr.loading')}</p>
          <progress className="w-full max-w-sm" max={QR_LOAD_SECONDS} value={Math.min(elapsed, QR_LOAD_SECONDS)} aria-label={t('qr.loading')} />
          <p className="m-0 text-sm text-ink-muted">{t('qr.elapsed', { seconds: elapsed })}</p>
        </div>
      )}
      {state === 'GotQrCode' && qr?.qr && (
        <div className="flex flex-col sm:flex-row gap-4 items-start">
          <QrImage text={qr.qr} label={t('qr.image', { name: number.name })} />
          <div className="flex flex-col gap-2 max-w-sm">
            <p className="m-0">{t('qr.steps')}</p>
            <p className="m-0 text-sm text-ink-muted">{t('qr.refreshes')}</p>
            {!useCode && <button type="button" className={`${secondaryButtonClass} self-start`} onClick={() => setUseCode(true)}>{t('qr.useCode')}</button>}
          </div>
        </div>
      )}
      {state === 'GotQrCode' && useCode && <PairingCodeForm t={t} locale={locale} id={id} />}
      {state && isConnected(state) && <FormMessage kind="success">{t('qr.connected', { name: number.name })}</FormMessage>}
      {state === 'NotAuthorized' && <p className="m-0" role="status">{t('qr.notLinked')}</p>}
      {(state === 'error' || state === 'NotAuthorized' || problem) && (
        <div className="flex flex-col gap-2 items-start">
          {state === 'error' && <p className="m-0 text-red-800" role="status">{t('qr.failed', { reason: reasonText(t, number.lastError) })}</p>}
          <button type="button" className={secondaryButtonClass} onClick={() => (setQr(undefined), setProblem(undefined), setRound(round + 1))}>{t('qr.retry')}</button>
        </div>
      )}
    </section>
  );
}
