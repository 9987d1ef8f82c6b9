import { timestamp } from 'drizzle-orm/pg-core';

// Times are timestamptz; the API speaks unix seconds (§3 *UnixTime fields) and converts at the edge.
export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
