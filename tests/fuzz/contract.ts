// The operations of the bundled contract, read once, for the fuzzer: path, method, parameters, body and who may call.
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';

export type Schema = {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  minItems?: number;
  maxItems?: number;
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  oneOf?: Schema[];
  anyOf?: Schema[];
  allOf?: Schema[];
  const?: unknown;
  default?: unknown;
};

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required: boolean;
  schema: Schema;
}

/** Who the fuzzer signs in as: nobody, an owner, an admin or the superadmin; `secret` = the Telegram header. */
export type Caller = 'anyone' | 'owner' | 'admin' | 'superadmin' | 'secret';

export interface Operation {
  id: string;
  method: string;
  path: string;
  parameters: Parameter[];
  /** The body's media type and schema, when the operation takes one. */
  body?: { type: string; schema: Schema; required: boolean };
  caller: Caller;
}

export interface Contract {
  operations: Operation[];
  /** Resolves `$ref`s against the contract's components. */
  resolve(schema: Schema): Schema;
  problemRequired: string[];
  fieldErrorRequired: string[];
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

function callerOf(security: Record<string, string[]>[] | undefined): Caller {
  if (!security || security.length === 0) return 'anyone';
  const [scheme] = security;
  if (!scheme || Object.keys(scheme).length === 0) return 'anyone';
  if ('telegramWebhookSecret' in scheme) return 'secret';
  const scopes = scheme.bearerAuth ?? [];
  return scopes.includes('superadmin') ? 'superadmin' : scopes.includes('admin') ? 'admin' : 'owner';
}

export function loadContract(file = 'openapi/cabinet.yaml'): Contract {
  const doc = parse(readFileSync(file, 'utf8'));
  const resolveRef = (ref: string): any => ref.replace(/^#\//, '').split('/').reduce((node, key) => node[key], doc);
  const resolve = (schema: Schema): Schema => {
    let current = schema;
    for (let hops = 0; current?.$ref && hops < 20; hops++) current = resolveRef(current.$ref);
    return current ?? {};
  };
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries<any>(doc.paths)) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const parameters = [...(item.parameters ?? []), ...(op.parameters ?? [])]
        .map((p: any) => (p.$ref ? resolveRef(p.$ref) : p))
        .map((p: any) => ({ name: p.name, in: p.in, required: Boolean(p.required), schema: p.schema ?? {} }));
      const content = op.requestBody?.content as Record<string, { schema?: Schema }> | undefined;
      const [type, media] = Object.entries(content ?? {})[0] ?? [];
      operations.push({
        id: op.operationId ?? `${method} ${path}`,
        method: method.toUpperCase(),
        path,
        parameters,
        body: type ? { type, schema: media?.schema ?? {}, required: Boolean(op.requestBody?.required) } : undefined,
        caller: callerOf(op.security ?? doc.security),
      });
    }
  }
  const problem = resolve({ $ref: '#/components/schemas/Problem' });
  const fieldError = resolve({ $ref: '#/components/schemas/FieldError' });
  return { operations, resolve, problemRequired: problem.required ?? [], fieldErrorRequired: fieldError.required ?? [] };
}
