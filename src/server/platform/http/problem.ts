import type { FieldError } from '../../../shared/validation/index.ts';

/** An error with an HTTP status whose message the client may show (the contract's Problem shape). */
export class HttpError extends Error {
  override name = 'HttpError';
  readonly statusCode: number;
  readonly errors: FieldError[] | undefined;
  constructor(statusCode: number, message: string, errors?: FieldError[]) {
    super(message);
    this.statusCode = statusCode;
    this.errors = errors;
  }
}

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
};

export interface Problem {
  type: string;
  title: string;
  status: number;
  message: string;
  errors?: { field: string; code?: string; message: string }[];
}

export function problem(status: number, message: string, errors?: FieldError[]): Problem {
  return { type: 'about:blank', title: TITLES[status] ?? 'Error', status, message, ...(errors?.length ? { errors } : {}) };
}

export const badRequest = (errors: FieldError[]) => new HttpError(400, errors[0]!.message, errors);
export const notFound = (what = 'Not found') => new HttpError(404, what);
export const forbidden = () => new HttpError(403, 'Access denied');
