import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import type { Locale } from '../../../i18n/locales.ts';
import type { T } from '../../../i18n/translate.ts';
import { explainFieldErrors, explainProblem } from '../../../api/explain-problem.ts';
import { notify } from '../../../scripts/notify.ts';
import { inputClass, secondaryButtonClass } from '../../../ui/classes.ts';
import { Field, FormMessage, SubmitButton, TextField } from '../../../ui/field.tsx';
import { Select } from '../../../ui/select.tsx';
import { BODY_MAX, CATEGORIES, createWabaTemplate, FOOTER_MAX, LANGUAGES, MEDIA_FORMATS, variablesIn, type NewTemplate } from '../store-waba.ts';

const OTHER = 'other';
/** The language a new template most likely has: the page's own. */
const DEFAULT_LANGUAGE: Record<Locale, string> = { ru: 'ru', en: 'en_US', uk: 'uk', 'pt-BR': 'pt_BR' };

/** "Russian (ru)": the language's name from the browser, in the page's language (the code alone if it has none). */
function languageLabel(locale: Locale, code: string): string {
  try {
    const name = new Intl.DisplayNames([locale], { type: 'language' }).of(code.replace('_', '-'));
    return name && name !== code ? `${name} (${code})` : code;
  } catch {
    return code;
  }
}

interface Props {
  t: T;
  locale: Locale;
  accountId: number;
  onClose: () => void;
}

type Errors = Partial<Record<'name' | 'language' | 'body' | 'examples' | 'mediaExampleUrl' | 'footer' | 'category' | 'type' | 'mediaFormat', string>> & { example?: Record<number, string> };

/**
 * A new template (§3, §5): name with the rule as its hint, category, language, type (media adds a header and its
 * example link), the body with a live count and one example per {{n}} found in it, an optional footer. Checked
 * here for what is missing; the rules themselves are the server's, shown at their fields.
 */
export function WabaTemplateForm({ t, locale, accountId, onClose }: Props) {
  const titleId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  // Opened by a button: the keyboard goes to its first field.
  useEffect(() => formRef.current?.querySelector('input')?.focus(), []);
  const [name, setName] = useState('');
  const [category, setCategory] = useState<NewTemplate['category']>('UTILITY');
  const [language, setLanguage] = useState(DEFAULT_LANGUAGE[locale]);
  const [otherLanguage, setOtherLanguage] = useState('');
  const [type, setType] = useState<NewTemplate['type']>('standard');
  const [mediaFormat, setMediaFormat] = useState<NonNullable<NewTemplate['mediaFormat']>>('IMAGE');
  const [mediaExampleUrl, setMediaExampleUrl] = useState('');
  const [body, setBody] = useState('');
  const [examples, setExamples] = useState<Record<number, string>>({});
  const [footer, setFooter] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState(false);
  const variables = useMemo(() => variablesIn(body), [body]);
  const languages = useMemo(() => [...LANGUAGES.map((code) => ({ value: code, label: languageLabel(locale, code) })), { value: OTHER, label: t('waba.create.languageOther') }], [locale, t]);

  function missing(): Errors {
    const required = t('problem.required');
    const out: Errors = {};
    if (!name.trim()) out.name = required;
    if (language === OTHER && !otherLanguage.trim()) out.language = required;
    if (!body.trim()) out.body = required;
    if (type === 'media' && !mediaExampleUrl.trim()) out.mediaExampleUrl = required;
    const example = Object.fromEntries(variables.filter((n) => !examples[n]?.trim()).map((n) => [n, required]));
    return Object.keys(example).length ? { ...out, example } : out;
  }

  /** The server's field errors where they belong: `examples.2` is the third variable's input. */
  function fromServer(fieldErrors: Record<string, string>): Errors {
    const out: Errors = {};
    for (const [field, text] of Object.entries(fieldErrors)) {
      const at = /^examples\.(\d+)$/.exec(field);
      if (at) out.example = { ...out.example, [variables[Number(at[1])] ?? 0]: text };
      else if (field in FIELDS) out[field as keyof typeof FIELDS] = text;
    }
    return out;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setProblem(undefined);
    const empty = missing();
    setErrors(empty);
    if (Object.keys(empty).length) return;
    const template: NewTemplate = {
      name: name.trim(),
      category,
      language: language === OTHER ? otherLanguage.trim() : language,
      type,
      body: body.trim(),
      ...(variables.length ? { examples: variables.map((n) => examples[n]!.trim()) } : {}),
      ...(type === 'media' ? { mediaFormat, mediaExampleUrl: mediaExampleUrl.trim() } : {}),
      ...(footer.trim() ? { footer: footer.trim() } : {}),
    };
    setBusy(true);
    const result = await createWabaTemplate(accountId, template);
    setBusy(false);
    if (result.data) {
      notify('success', t('waba.create.done', { name: result.data.name }));
      return onClose();
    }
    const placed = fromServer(explainFieldErrors(result.problem.errors, t));
    setErrors(placed);
    if (!Object.keys(placed).length) setProblem(explainProblem(result.problem, t));
  }

  return (
    <form ref={formRef} noValidate onSubmit={(e) => void submit(e)} aria-labelledby={titleId} className="border border-gray-200 rounded p-3 bg-white flex flex-col gap-3" data-template-form>
      <h3 id={titleId} className="text-base font-semibold m-0">{t('waba.create.title')}</h3>
      <div className="grid gap-3 max-w-3xl sm:grid-cols-2">
        <TextField label={t('waba.create.name')} hint={t('waba.create.nameHint')} name="name" maxLength={512} autoComplete="off" spellCheck={false} required value={name} error={errors.name} onChange={(e) => setName(e.currentTarget.value)} />
        <Field label={t('waba.create.category')} hint={t('waba.create.categoryHint')} error={errors.category}>
          {(id) => <Select id={id} name="category" value={category} onChange={(e) => setCategory(e.currentTarget.value as NewTemplate['category'])} options={CATEGORIES.map((c) => ({ value: c, label: t(`waba.category.${c}`) }))} />}
        </Field>
        <Field label={t('waba.create.language')} error={language === OTHER ? undefined : errors.language}>
          {(id, describedBy) => <Select id={id} name="language" aria-describedby={describedBy} value={language} onChange={(e) => setLanguage(e.currentTarget.value)} options={languages} />}
        </Field>
        {language === OTHER && (
          <TextField label={t('waba.create.languageCode')} hint={t('waba.create.languageCodeHint')} name="languageCode" maxLength={6} autoComplete="off" spellCheck={false} required value={otherLanguage} error={errors.language} onChange={(e) => setOtherLanguage(e.currentTarget.value)} />
        )}
        <Field label={t('waba.create.type')} hint={t('waba.create.typeHint')} error={errors.type}>
          {(id) => <Select id={id} name="type" value={type} onChange={(e) => setType(e.currentTarget.value as NewTemplate['type'])} options={[{ value: 'standard', label: t('waba.type.standard') }, { value: 'media', label: t('waba.type.media') }]} />}
        </Field>
        {type === 'media' && (
          <>
            <Field label={t('waba.create.mediaFormat')} error={errors.mediaFormat}>
              {(id) => <Select id={id} name="mediaFormat" value={mediaFormat} onChange={(e) => setMediaFormat(e.currentTarget.value as typeof mediaFormat)} options={MEDIA_FORMATS.map((f) => ({ value: f, label: t(`waba.media.${f}`) }))} />}
            </Field>
            <TextField label={t('waba.create.mediaUrl')} hint={t('waba.create.mediaUrlHint')} type="url" name="mediaExampleUrl" maxLength={2000} autoComplete="off" required value={mediaExampleUrl} error={errors.mediaExampleUrl} onChange={(e) => setMediaExampleUrl(e.currentTarget.value)} />
          </>
        )}
      </div>
      <div className="max-w-3xl">
        <Field label={t('waba.create.body')} error={errors.body}>
          {(id, describedBy) => (
            <>
              <textarea id={id} name="body" rows={5} maxLength={BODY_MAX} required aria-invalid={errors.body ? true : undefined} aria-describedby={[`${id}-count`, describedBy].filter(Boolean).join(' ')}
                className={inputClass} value={body} onChange={(e) => setBody(e.currentTarget.value)} />
              <span id={`${id}-count`} className="text-xs text-ink-muted" data-body-count>
                {t('waba.create.count', { count: body.length, max: BODY_MAX })} · {t('waba.create.bodyHint', { example: '{{1}}' })}
              </span>
            </>
          )}
        </Field>
      </div>
      {variables.length > 0 && (
        <fieldset className="border border-gray-200 rounded p-3 m-0 max-w-3xl flex flex-col gap-2" data-examples>
          <legend className="px-1 text-sm font-medium">{t('waba.create.examplesTitle')}</legend>
          <p className="m-0 text-sm text-ink-muted">{t('waba.create.examplesHint')}</p>
          {errors.examples && <p className="m-0 text-sm text-red-700" data-field-error>{errors.examples}</p>}
          <div className="grid gap-3 sm:grid-cols-2">
            {variables.map((n) => (
              <TextField key={n} label={t('waba.create.example', { variable: `{{${n}}}` })} name={`example${n}`} maxLength={200} autoComplete="off" required value={examples[n] ?? ''} error={errors.example?.[n]}
                onChange={(e) => setExamples({ ...examples, [n]: e.currentTarget.value })} />
            ))}
          </div>
        </fieldset>
      )}
      <div className="max-w-3xl">
        <TextField label={t('waba.create.footer')} hint={t('waba.create.footerHint', { max: FOOTER_MAX })} name="footer" maxLength={FOOTER_MAX} autoComplete="off" value={footer} error={errors.footer} onChange={(e) => setFooter(e.currentTarget.value)} />
      </div>
      {problem && <FormMessage kind="error">{problem}</FormMessage>}
      <div className="flex flex-wrap gap-2">
        <SubmitButton busy={busy} busyLabel={t('working')}>{t('waba.create.submit')}</SubmitButton>
        <button type="button" className={secondaryButtonClass} onClick={onClose}>{t('waba.create.cancel')}</button>
      </div>
    </form>
  );
}

/** The request's fields an error may name (the rest, `examples.n`, go to their variable's input). */
const FIELDS = { name: 1, category: 1, language: 1, type: 1, body: 1, examples: 1, mediaFormat: 1, mediaExampleUrl: 1, footer: 1 };
