import { z } from 'zod';
import { brandSchema, type Brand } from './schema.ts';

/** A brand file that failed validation: the message names the file, each field and what was expected. */
export class BrandConfigError extends Error {
  override name = 'BrandConfigError';
}

function describeIssues(file: string, error: z.ZodError): string {
  const lines = error.issues.map((issue) => {
    const field = issue.path.length ? issue.path.join('.') : '(root)';
    return `  - ${field}: ${issue.message}`;
  });
  return `Invalid brand file ${file}:\n${lines.join('\n')}`;
}

export function parseBrand(file: string, text: string): Brand {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new BrandConfigError(`Invalid brand file ${file}: not valid JSON (${(error as Error).message})`);
  }
  const result = brandSchema.safeParse(data);
  if (!result.success) throw new BrandConfigError(describeIssues(file, result.error));
  const expectedId = file.replace(/^.*[\\/]/, '').replace(/\.json$/, '');
  if (result.data.id !== expectedId) {
    throw new BrandConfigError(`Invalid brand file ${file}:\n  - id: expected "${expectedId}" (the file name)`);
  }
  return result.data;
}
