import { useMemo } from 'react';
import type { T } from '../../../../i18n/translate.ts';
import { renderMarkup } from '../../../../shared/flows/markup.ts';
import { fillVariables, LINK_SAMPLES, MESSAGE_VARIABLES } from '../../../../shared/flows/variables.ts';
import { errorFor, errorId, FieldError, inputClass } from './fields.tsx';
import ImageField from './ImageField.tsx';
import MessageText from './MessageText.tsx';
import type { Errors, Flow } from '../../store-editor.ts';

interface Props {
  t: T;
  flow: Flow;
  errors: Errors;
  change: (patch: Partial<Flow>) => void;
  replace: (flow: Flow) => void;
}

/** Title, message text with variable chips and markup, the client's view of it, and the image. */
export default function MessageStep({ t, flow, errors, change, replace }: Props) {
  const samples = useMemo(() => ({ ...Object.fromEntries(MESSAGE_VARIABLES.map((name) => [name, t(`sample.${name}`)])), ...LINK_SAMPLES }), [t]);
  const preview = useMemo(() => renderMarkup(fillVariables(flow.content, samples)), [flow.content, samples]);
  return (
    <div className="grid gap-4 lg:grid-cols-[1fr_20rem]">
      <div className="grid gap-4 content-start">
        <div>
          <label className="flex flex-col gap-1 text-sm font-medium">
            {t('title')}
            <input
              className={inputClass}
              value={flow.title}
              maxLength={200}
              aria-invalid={!!errors.title || undefined}
              aria-describedby={errorId('title')}
              onChange={(e) => change({ title: e.target.value })}
            />
          </label>
          <FieldError t={t} errors={errors} field="title" />
        </div>
        <div>
          <span id="content-label" className="block text-sm font-medium mb-1">{t('content')}</span>
          <MessageText
            t={t}
            value={flow.content}
            onChange={(content) => change({ content })}
            labelId="content-label"
            describedBy={`content-hint ${errorId('content')}`}
            invalid={!!errors.content}
          />
          <p id="content-hint" className="text-xs text-ink-muted m-0 mt-1">{t('markupHint')}</p>
          <FieldError t={t} errors={errors} field="content" />
        </div>
        <ImageField t={t} flow={flow} error={errorFor(errors, 'image')} replace={replace} />
      </div>
      <section aria-labelledby="preview-title" className="border border-gray-200 rounded p-3 bg-gray-50 content-start">
        <h2 id="preview-title" className="text-base font-semibold m-0 mb-2">{t('preview')}</h2>
        <p className="text-xs text-ink-muted m-0 mb-2">{t('previewHint')}</p>
        <div
          data-testid="message-preview"
          className="rounded-lg bg-white shadow-sm p-3 text-sm whitespace-pre-wrap break-words [&_a]:text-blue-800 [&_a]:underline"
          // renderMarkup escapes everything it does not write itself (src/shared/flows/markup.ts).
          dangerouslySetInnerHTML={{ __html: preview }}
        />
      </section>
    </div>
  );
}
