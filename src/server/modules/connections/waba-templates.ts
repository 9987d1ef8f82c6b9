import type { operations } from '../../../api/schema.d.ts';
import { invalidField } from '../../platform/http/field-error.ts';

// Rules of a new WABA message template (§5; providers.md D.2; docs/connections.md "WhatsApp Business (360dialog)").

/** §5: lowercase English, no spaces, underscores as the separator (digits allowed, as Meta allows them). */
export const TEMPLATE_NAME = /^(?=[a-z0-9_]*[a-z])[a-z0-9]+(?:_[a-z0-9]+)*$/;
/** Meta's limit on the body text of a template. */
export const BODY_MAX = 1024;
/** Template names one WhatsApp Business account may hold (Meta). */
export const TEMPLATE_LIMIT = 250;

/** The create request as the contract has it (openapi/connections.yaml createWabaTemplate). */
export type NewTemplate = operations['createWabaTemplate']['requestBody']['content']['application/json'];

/** The {{n}} variables of a text, in order of appearance. */
export const variablesOf = (text: string): number[] => [...text.matchAll(/\{\{\s*(\d+)\s*\}\}/g)].map((m) => Number(m[1]));

/** The checks Meta would make, so the owner hears them at the field at once; throws a 400 naming it. */
export function checkNewTemplate(t: NewTemplate): void {
  if (!TEMPLATE_NAME.test(t.name)) throw invalidField('name', 'wabaTemplateNameInvalid');
  if (!t.body.trim()) throw invalidField('body', 'blank');
  const vars = variablesOf(t.body);
  const distinct = [...new Set(vars)].sort((a, b) => a - b);
  // Meta numbers the variables 1..n (each may repeat); a gap or a 0 is refused.
  if (distinct.some((n, i) => n !== i + 1) || /\{\{(?!\s*\d+\s*\}\})/.test(t.body)) throw invalidField('body', 'wabaTemplateVariablesInvalid');
  const examples = t.examples ?? [];
  if (examples.length !== distinct.length || examples.some((e) => !e.trim())) throw invalidField('examples', 'wabaTemplateExamplesMismatch', { params: { count: distinct.length } });
  if (t.type === 'media' && !t.mediaExampleUrl) throw invalidField('mediaExampleUrl', 'required');
}

/** The create request as 360dialog takes it (components HEADER / BODY / FOOTER, examples for the variables). */
export function templatePayload(t: NewTemplate): Record<string, unknown> {
  const examples = t.examples ?? [];
  const components: Record<string, unknown>[] = [];
  if (t.type === 'media') components.push({ type: 'HEADER', format: t.mediaFormat ?? 'IMAGE', example: { header_handle: [t.mediaExampleUrl] } });
  components.push({ type: 'BODY', text: t.body, ...(examples.length ? { example: { body_text: [examples] } } : {}) });
  if (t.footer?.trim()) components.push({ type: 'FOOTER', text: t.footer.trim() });
  return { name: t.name, category: t.category, language: t.language, allow_category_change: false, components };
}
