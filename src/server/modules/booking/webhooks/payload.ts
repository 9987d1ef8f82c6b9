import { z } from 'zod';
import { parse } from '../../integrations/payload.ts';
import { checkPhone } from '../../../../shared/validation/index.ts';


/**
 * The YCLIENTS webhook body (Altegio, the international edition of the same platform, sends the same one):
 * `{company_id, resource, resource_id, status: create|update|delete, data}`; for `resource: "record"` the data is the
 * record object of the REST API. Only the fields the cabinet uses are checked; the rest pass through untouched.
 * Sources: docs/webhooks.md.
 */
const id = z.union([z.number().int(), z.string().regex(/^\d+$/)]).transform(String);

export const envelopeSchema = z.object({
  company_id: id,
  resource: z.string().min(1),
  resource_id: id,
  status: z.enum(['create', 'update', 'delete']),
  data: z.unknown().optional(),
});

const when = z.string().refine((v) => /[T ]\d\d:\d\d/.test(v) && !Number.isNaN(Date.parse(v)), 'not a date and time with an offset');

export const recordSchema = z.object({
  id: id.optional(),
  datetime: when,
  deleted: z.boolean().optional(),
  // 2 confirmed, 1 arrived, 0 waiting, -1 did not come (the record's `attendance`, YCLIENTS API).
  attendance: z.union([z.literal(-1), z.literal(0), z.literal(1), z.literal(2)]).optional(),
  staff: z.object({ id, name: z.string().max(200).default('') }).nullable().optional(),
  services: z.array(z.object({ id, title: z.string().max(300).default(''), cost: z.coerce.number().min(0).default(0) })).max(100).default([]),
  client: z.object({
    id: id.optional(),
    name: z.string().max(200).default(''),
    phone: z.string().min(1).refine((v) => !checkPhone(v, 'phone'), 'not a valid phone number'),
  }).nullable(), // a record without a client (a blocked slot) has nobody to message
});

export type Envelope = z.infer<typeof envelopeSchema>;
export type RecordData = z.infer<typeof recordSchema>;

export type VisitStatusOf = 'booked' | 'confirmed' | 'arrived' | 'noShow';
export const attendanceStatus = (a: RecordData['attendance']): VisitStatusOf =>
  a === 1 ? 'arrived' : a === -1 ? 'noShow' : a === 2 ? 'confirmed' : 'booked';

export { parse };
