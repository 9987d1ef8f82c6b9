import { useCallback, useEffect, useState } from 'react';
import { secondaryButtonClass } from '../../../../ui/classes.ts';
import { loadPreview, type Preview } from '../../store-editor.ts';
import { zonedDateTime } from './format.ts';
import type { StepProps } from './LazyStep.tsx';

/**
 * How many recipients remain after the blacklist, unsubscribes, "no conversation" and earlier sends, the caps, the
 * bought messages left and the finish estimate: counted by the server from the saved settings, again after each
 * save or import (`revision`); unsaved changes are said to be unsaved rather than guessed at here.
 */
export default function PreviewBox({ te, locale, dist, dirty, revision, timeZone }: StepProps) {
  const [preview, setPreview] = useState<Preview | 'loading' | 'failed'>('loading');
  const count = useCallback(() => {
    setPreview('loading');
    void loadPreview(dist.id).then((r) => setPreview('ok' in r ? r.ok : 'failed'));
  }, [dist.id]);
  useEffect(count, [count, revision]);

  const rows: [string, string | number][] =
    typeof preview === 'string'
      ? []
      : [
          [te('preview.audience'), preview.audience],
          [te('preview.blacklisted'), preview.blacklisted],
          [te('preview.unsubscribed'), preview.unsubscribed],
          [te('preview.noDialogue'), preview.noDialogue],
          [te('preview.alreadyMessaged'), preview.alreadyMessaged],
          [te('preview.remaining'), preview.remaining],
          [te('preview.dailyCap'), preview.dailyCap],
          [te('preview.messagesLeft'), preview.messagesLeft ?? te('preview.messagesLeftTest')],
          [te('preview.finish'), preview.finishEstimate ? zonedDateTime(locale, preview.finishEstimate, timeZone) : te('preview.unknown')],
        ];
  return (
    <section aria-labelledby="audience-preview" className="border border-gray-200 rounded p-3 bg-gray-50 content-start grid gap-2" data-testid="audience-preview">
      <h3 id="audience-preview" className="text-base font-semibold m-0">{te('preview.title')}</h3>
      <p className="text-xs text-ink-muted m-0">{te('preview.hint')}</p>
      {dirty && <p className="text-sm text-amber-800 m-0">{te('preview.unsaved')}</p>}
      {preview === 'loading' && <p role="status" className="text-sm m-0">{te('preview.loading')}</p>}
      {preview === 'failed' && (
        <div role="alert" className="grid gap-2 justify-items-start">
          <p className="text-sm m-0">{te('preview.failed')}</p>
          <button type="button" className={secondaryButtonClass} onClick={count}>{te('preview.retry')}</button>
        </div>
      )}
      {rows.length > 0 && (
        <dl className="grid gap-1 m-0 text-sm">
          {rows.map(([label, value]) => (
            <div key={label} className="flex items-baseline justify-between gap-3">
              <dt className="text-ink-muted">{label}</dt>
              <dd className="m-0 text-right font-medium tabular-nums">{value}</dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}
