import { useEffect, useState } from 'react';
import type { T } from '../../../../i18n/translate.ts';
import type { FlowFieldError } from '../../../../shared/flows/validate-core.ts';
import { IMAGE_EXTENSIONS, IMAGE_MAX_MB } from '../../../../shared/flows/validate-core.ts';
import { IMAGE_MAX_SIDE } from '../../../../shared/flows/image-limits.ts';
import { errorId, IMAGE_FORMATS, ruleText } from './fields.tsx';
import { imageObjectUrl, removeImage, uploadImage, type Flow } from '../../store-editor.ts';

interface Props {
  t: T;
  flow: Flow;
  error: FlowFieldError | undefined;
  replace: (flow: Flow) => void;
}

const secondary = 'px-3 py-1.5 rounded text-sm border border-gray-300 bg-white text-ink hover:bg-gray-100 cursor-pointer disabled:opacity-50';

/** §3 image: PNG/JPG/JPEG up to 5 MB (§5) and 4096 × 4096 px (the server reads the header; its 400 names the size), uploaded at once (not with Save); checked here and again by its bytes on the server. */
export default function ImageField({ t, flow, error, replace }: Props) {
  const [src, setSrc] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();
  const url = flow.image?.url;

  useEffect(() => {
    let revoked = false;
    let made: string | undefined;
    setSrc(undefined);
    if (url) void imageObjectUrl(flow.id).then((u) => (revoked ? u && URL.revokeObjectURL(u) : (made = u, setSrc(u))));
    return () => {
      revoked = true;
      if (made) URL.revokeObjectURL(made);
    };
  }, [flow.id, url]);

  const onFile = async (file: File | undefined, input: HTMLInputElement) => {
    if (!file) return;
    const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
    setProblem(undefined);
    if (!IMAGE_EXTENSIONS.includes(ext)) return setProblem(ruleText(t, { code: 'imageFormat', message: '' }));
    if (file.size > IMAGE_MAX_MB * 1024 * 1024) return setProblem(ruleText(t, { code: 'imageTooBig', message: '' }));
    setBusy(true);
    const result = await uploadImage(flow.id, file);
    setBusy(false);
    input.value = '';
    if ('flow' in result) replace(result.flow);
    else setProblem('errors' in result ? ruleText(t, result.errors[0]!) : t('uploadFailed'));
  };

  const onRemove = async () => {
    setBusy(true);
    const updated = await removeImage(flow.id);
    setBusy(false);
    if (updated) replace(updated);
    else setProblem(t('uploadFailed'));
  };

  const shown = problem ?? (error ? ruleText(t, error) : '');
  return (
    <div>
      {/* The browser's own file button speaks the browser's language ("Choose File" on a Russian page): the input is
          visually hidden and a kit-styled label in the page's language opens it (and shows its focus). */}
      <label className="flex flex-col items-start gap-1 text-sm font-medium">
        {t('image')}
        <input
          type="file"
          accept=".png,.jpg,.jpeg,image/png,image/jpeg"
          className="sr-only peer"
          aria-label={t('image')}
          disabled={busy}
          aria-describedby={`image-hint ${errorId('image')}`}
          aria-invalid={!!shown || undefined}
          onChange={(e) => void onFile(e.target.files?.[0], e.target)}
        />
        <span aria-hidden="true" className={`${secondary} inline-flex items-center gap-2 font-normal peer-focus-visible:outline-2 peer-focus-visible:outline-brand ${busy ? 'opacity-50' : ''}`}>
          <span className="i-lucide-image-up" />
          {t(flow.image ? 'replaceImage' : 'chooseImage')}
        </span>
      </label>
      <p id="image-hint" className="text-xs text-ink-muted m-0 mt-1">{t('imageHint', { mb: IMAGE_MAX_MB, formats: IMAGE_FORMATS, px: IMAGE_MAX_SIDE })}</p>
      <p id={errorId('image')} className="text-sm text-red-700 m-0 mt-1 empty:hidden" aria-live="polite">{shown}</p>
      {busy && <p role="status" className="text-sm text-ink-muted m-0 mt-1">{t('uploading')}</p>}
      {flow.image && (
        <div className="flex items-start gap-3 mt-2">
          {src ? <img src={src} alt={t('imageAlt', { name: flow.image.fileName })} className="max-h-32 max-w-48 rounded border border-gray-200" /> : <span className="text-sm">{flow.image.fileName}</span>}
          <button type="button" className={secondary} disabled={busy} onClick={() => void onRemove()}>{t('removeImage')}</button>
        </div>
      )}
    </div>
  );
}
