import type { FastifyReply, FastifyRequest } from 'fastify';
import type { operations } from '../../../api/schema.d.ts';

// Handler types derived from the contract by operationId: no hand-written request or response shapes.
export type OperationId = keyof operations;

type JsonOf<T> = T extends { content: { 'application/json': infer B } } ? B : never;
type ParamsOf<K extends OperationId> = operations[K]['parameters'];

export type Body<K extends OperationId> = operations[K] extends { requestBody: infer R }
  ? JsonOf<NonNullable<R>>
  : undefined;
export type Path<K extends OperationId> = ParamsOf<K> extends { path: infer P } ? NonNullable<P> : Record<string, never>;
export type Query<K extends OperationId> = ParamsOf<K> extends { query?: infer Q } ? NonNullable<Q> : Record<string, never>;

type Responses<K extends OperationId> = operations[K]['responses'];
export type Ok<K extends OperationId> =
  | (Responses<K> extends { 200: infer R } ? JsonOf<R> : never)
  | (Responses<K> extends { 201: infer R } ? JsonOf<R> : never)
  | (Responses<K> extends { 202: infer R } ? JsonOf<R> : never);

export type Req<K extends OperationId> = FastifyRequest<{ Body: Body<K>; Params: Path<K>; Querystring: Query<K> }>;

export type Handler<K extends OperationId> = (req: Req<K>, reply: FastifyReply) => Promise<Ok<K> | void>;

export type Handlers<K extends OperationId> = { [P in K]: Handler<P> };
