import { problemText, type ProblemCode, type ProblemParams } from './codes.ts';

export type { ProblemCode, ProblemParams } from './codes.ts';

/** A failed field: its path, a stable code and the English text (which names the field). */
export interface ProblemFieldError {
  field: string;
  code: ProblemCode;
  message: string;
  params?: ProblemParams;
}

export interface HttpErrorInit {
  params?: ProblemParams;
  errors?: ProblemFieldError[];
  /** Only for field problems, whose message is the first field error's (it names the field). */
  message?: string;
}

/** An error with an HTTP status and a problem code; the English message comes from the code's text. */
export class HttpError extends Error {
  override name = 'HttpError';
  readonly statusCode: number;
  readonly code: ProblemCode;
  readonly params: ProblemParams | undefined;
  readonly errors: ProblemFieldError[] | undefined;
  constructor(statusCode: number, code: ProblemCode, init: HttpErrorInit = {}) {
    super(init.message ?? problemText(code, init.params));
    this.statusCode = statusCode;
    this.code = code;
    this.params = init.params;
    this.errors = init.errors;
  }
}

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
};

/** The contract's Problem. */
export interface Problem {
  type: string;
  title: string;
  status: number;
  code: ProblemCode;
  message: string;
  params?: ProblemParams;
  requestId?: string;
  errors?: ProblemFieldError[];
}

export function problem(
  status: number,
  code: ProblemCode,
  message: string,
  extra: { params?: ProblemParams; errors?: ProblemFieldError[]; requestId?: string } = {},
): Problem {
  const { params, errors, requestId } = extra;
  return {
    type: 'about:blank',
    title: TITLES[status] ?? 'Error',
    status,
    code,
    message,
    ...(params ? { params } : {}),
    ...(requestId ? { requestId } : {}),
    ...(errors?.length ? { errors } : {}),
  };
}

/** 400 (or `status`) carrying field errors; the problem's code and message are the first error's. */
export const badRequest = (errors: ProblemFieldError[], status = 400) =>
  new HttpError(status, errors[0]!.code, { errors, message: errors[0]!.message, params: errors[0]!.params });
export const notFound = (code: ProblemCode = 'notFound', params?: ProblemParams) => new HttpError(404, code, { params });
export const forbidden = () => new HttpError(403, 'accessDenied');
