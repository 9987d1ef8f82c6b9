// Read-only reporting query (docs/architecture.md, "Data ownership"): payments with the account module's users and
// refresh tokens (last sign-in), in one statement.
import { sql } from 'drizzle-orm';
import type { components } from '../../../api/schema.d.ts';
import type { Db } from '../../platform/db/open.ts';
import { rowsOf, seconds } from '../../platform/db/rows.ts';

type Factor = components['schemas']['ChurnFactor'];

/**
 * The churn score (docs/admin.md): points for each risk signal in a customer's payment and sign-in history,
 * 0-100, every contribution returned beside the total so staff can see why. Customers whose last paid period
 * ended more than 90 days ago count as churned already and are left out, as are those who never paid.
 */
export const CHURN_POINTS = {
  expired: 40, // the last paid period is over
  expiresSoon: 30, // ends within 7 days (15 within 30 days)
  noAutoPay: 15, // the latest successful payment is not an auto-payment
  failedPayments: 10, // per failed payment in the last 90 days, at most 20
  noRecentSignIn: 15, // no sign-in or session renewal for 30 days (7 for 14 days)
  singlePayment: 10, // only one successful payment ever
} as const;

const DAY = 86_400;

interface Row {
  user_id: number;
  email: string;
  full_name: string | null;
  ok_count: number;
  last_end: string | number;
  last_in: string | Date | null;
  f_expired: number;
  f_soon: number;
  f_noauto: number;
  f_failed: number;
  f_signin: number;
  f_single: number;
  score: number;
  total: string | number;
}

export async function churnPage(db: Db, opts: { nowMs: number; page: number; pageSize: number; minScore: number }) {
  const now = Math.floor(opts.nowMs / 1000);
  const nowTs = new Date(opts.nowMs).toISOString();
  const P = CHURN_POINTS;
  const rows = await rowsOf<Row>(
    db,
    sql`
    with pay as (
      select user_id,
        count(*) filter (where success)::int as ok_count,
        max(date_end) filter (where success) as last_end,
        count(*) filter (where not success and created_at >= ${nowTs}::timestamptz - interval '90 days')::int as failed_recent,
        (array_agg(is_auto_pay order by date_end desc nulls last, id desc) filter (where success))[1] as last_auto
      from payments group by user_id
    ), active as (
      select * from pay where last_end >= ${now - 90 * DAY}
    ), seen as (
      select user_id, max(created_at) as last_in from refresh_tokens
      where user_id in (select user_id from active) group by user_id
    ), scored as (
      select a.user_id, u.email, u.full_name, a.ok_count, a.last_end, s.last_in,
        case when a.last_end < ${now} then ${P.expired} else 0 end as f_expired,
        case when a.last_end >= ${now} and a.last_end < ${now + 7 * DAY} then ${P.expiresSoon}
             when a.last_end >= ${now + 7 * DAY} and a.last_end < ${now + 30 * DAY} then ${P.expiresSoon / 2} else 0 end as f_soon,
        case when coalesce(a.last_auto, false) then 0 else ${P.noAutoPay} end as f_noauto,
        least(a.failed_recent * ${P.failedPayments}, ${P.failedPayments * 2}) as f_failed,
        case when s.last_in is null or s.last_in < ${nowTs}::timestamptz - interval '30 days' then ${P.noRecentSignIn}
             when s.last_in < ${nowTs}::timestamptz - interval '14 days' then 7 else 0 end as f_signin,
        case when a.ok_count = 1 then ${P.singlePayment} else 0 end as f_single
      from active a join users u on u.id = a.user_id left join seen s on s.user_id = a.user_id
    ), ranked as (
      select *, (f_expired + f_soon + f_noauto + f_failed + f_signin + f_single)::int as score from scored
    )
    select *, count(*) over () as total from ranked where score >= ${opts.minScore}
    order by score desc, last_end asc, user_id
    limit ${opts.pageSize} offset ${(opts.page - 1) * opts.pageSize}`,
  );
  const total = rows.length ? Number(rows[0]!.total) : 0;
  const customers = rows.map((r) => {
    const points: [Factor['code'], number][] = [
      ['expired', r.f_expired],
      ['expiresSoon', r.f_soon],
      ['noAutoPay', r.f_noauto],
      ['failedPayments', r.f_failed],
      ['noRecentSignIn', r.f_signin],
      ['singlePayment', r.f_single],
    ];
    return {
      userId: r.user_id,
      email: r.email,
      fullName: r.full_name,
      score: Number(r.score),
      factors: points.filter(([, p]) => Number(p) > 0).map(([code, p]) => ({ code, points: Number(p) })),
      lastSuccessfulEndUnixTime: Number(r.last_end),
      lastSignInUnixTime: seconds(r.last_in),
      successfulPayments: Number(r.ok_count),
    };
  });
  return { customers, total };
}
