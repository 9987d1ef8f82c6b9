import type { z } from 'zod';
import { fieldError } from '../../platform/http/field-error.ts';
import { badRequest } from '../../platform/http/problem.ts';
import { codeOfIssue } from '../../platform/http/validation.ts';

/** What a source webhook did: changed something, found nothing to change, or ignored the call (another company). */
export type WebhookResult = 'applied' | 'unchanged' | 'ignored';

/** Parses or throws a 400 whose field is the payload path (e.g. `data.client.phone`). */
export function parse<T extends z.ZodType>(schema: T, value: unknown, prefix = ''): z.infer<T> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const field = [prefix, ...issue.path.map(String)].filter(Boolean).join('.') || 'body';
  throw badRequest([fieldError(field, codeOfIssue(issue), undefined, issue.message)]);
}
