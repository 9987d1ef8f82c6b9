import { count, desc, eq } from 'drizzle-orm';
import type { components } from '../../../api/schema.d.ts';
import type { AppContext } from '../../platform/context.ts';
import { news } from './schema.ts';
import { requireAuth } from '../../platform/http/auth.ts';
import { notFound } from '../../platform/http/problem.ts';
import type { Handlers } from '../../platform/http/types.ts';
import { invalidField } from '../../platform/http/field-error.ts';
import { pagesOf, seconds, totalOf } from '../../platform/db/rows.ts';

export const NEWS_PAGE_SIZE = 20;

const toNews = (r: typeof news.$inferSelect): components['schemas']['NewsItem'] => ({
  id: r.id, title: r.title, text: r.text, level: r.level, createdDateUnixTime: seconds(r.createdAt)!,
});

/** Service notifications: admins write them, every signed-in user reads them in the header bell. */
export function newsHandlers(ctx: AppContext): Handlers<'adminListNews' | 'adminCreateNews' | 'adminDeleteNews' | 'listNews'> {
  const { db, config } = ctx;
  return {
    async adminListNews(req) {
      const { page = 1 } = req.query;
      const [total, rows] = await Promise.all([
        totalOf(db.select({ n: count() }).from(news)),
        db.select().from(news).orderBy(desc(news.createdAt), desc(news.id)).limit(NEWS_PAGE_SIZE).offset((page - 1) * NEWS_PAGE_SIZE),
      ]);
      return { news: rows.map(toNews), page, pages: pagesOf(total, NEWS_PAGE_SIZE), total };
    },

    async adminCreateNews(req, reply) {
      const title = req.body.title.trim();
      const text = req.body.text.trim();
      if (!title) throw invalidField('title', 'blank');
      if (!text) throw invalidField('text', 'blank');
      const [row] = await db
        .insert(news)
        .values({ title, text, level: req.body.level ?? 'info', createdBy: requireAuth(req).userId, createdAt: new Date(config.now()) })
        .returning();
      reply.code(201);
      return toNews(row!);
    },

    async adminDeleteNews(req, reply) {
      const [row] = await db.delete(news).where(eq(news.id, req.params.newsId)).returning({ id: news.id });
      if (!row) throw notFound('notificationNotFound');
      reply.code(204);
    },

    async listNews(req) {
      const { limit = 10 } = req.query;
      const rows = await db.select().from(news).orderBy(desc(news.createdAt), desc(news.id)).limit(limit);
      return rows.map(toNews);
    },
  };
}
