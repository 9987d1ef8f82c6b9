import { errorId, FieldError } from '../../../flows/islands/editor/fields.tsx';
import ClientAudience from './ClientAudience.tsx';
import type { StepProps } from './LazyStep.tsx';
import PreviewBox from './PreviewBox.tsx';
import TableImport, { TABLE_FORMATS } from './TableImport.tsx';

const SOURCES = ['table', 'clients'] as const;

/**
 * Who gets the message: the phone table or the client base (filters, saved audiences), subscribers and "no
 * conversation" switches; the blacklist always applies. The preview beside it counts what remains.
 */
export default function RecipientsStep(props: StepProps) {
  const { te, tp, dist, errors, changeDist, running } = props;
  return (
    <div className="grid gap-4 lg:grid-cols-[1fr_20rem]">
      <div className="grid gap-4 content-start">
        <fieldset className="border border-gray-200 rounded p-3 m-0" disabled={running} aria-describedby={errorId('source')}>
          <legend className="text-sm font-medium px-1">{te('source')}</legend>
          {SOURCES.map((source) => (
            <div key={source} className="py-1 text-sm">
              <label className="flex items-center gap-2 font-medium">
                <input type="radio" name="distribution-source" value={source} checked={dist.source === source} aria-describedby={`source-hint-${source}`} onChange={() => changeDist({ source })} />
                {te(`sourceName.${source}`)}
              </label>
              <p id={`source-hint-${source}`} className="m-0 ml-6 text-ink-muted">{te(`sourceHint.${source}`, { formats: TABLE_FORMATS })}</p>
            </div>
          ))}
          <FieldError t={tp} errors={errors} field="source" />
        </fieldset>
        {dist.source === 'table' ? <TableImport {...props} /> : <ClientAudience {...props} />}
        <fieldset className="border border-gray-200 rounded p-3 m-0 grid gap-2" disabled={running}>
          <legend className="text-sm font-medium px-1">{te('step.recipients')}</legend>
          {(['useSubscribed', 'ignoreNoDialogue'] as const).map((name) => (
            <div key={name}>
              <label className="flex items-center gap-2 text-sm font-medium">
                <input type="checkbox" role="switch" checked={dist[name]} aria-describedby={`${name}-hint`} onChange={(e) => changeDist({ [name]: e.target.checked })} />
                {te(name)}
              </label>
              <p id={`${name}-hint`} className="m-0 ml-6 text-sm text-ink-muted">{te(`${name}Hint`)}</p>
            </div>
          ))}
          <p className="text-sm m-0 mt-1 font-medium">{te('blacklistNote')}</p>
        </fieldset>
      </div>
      <PreviewBox {...props} />
    </div>
  );
}
