import type { components } from '../../../api/schema.d.ts';
import type { AppContext } from '../../platform/context.ts';
import { deleteNews, insertNews, latestNews, newsPage, type NewsRow } from './store.ts';
import { requireAuth } from '../../platform/http/auth.ts';
import { notFound } from '../../platform/http/problem.ts';
import type { Handlers } from '../../platform/http/types.ts';
import { invalidField } from '../../platform/http/field-error.ts';
import { pagesOf, seconds } from '../../platform/db/rows.ts';

export const NEWS_PAGE_SIZE = 20;

const toNews = (r: NewsRow): components['schemas']['NewsItem'] => ({
  id: r.id, title: r.title, text: r.text, level: r.level, createdDateUnixTime: seconds(r.createdAt)!,
});

/** Service notifications: admins write them, every signed-in user reads them in the header bell. */
export function newsHandlers(ctx: AppContext): Handlers<'adminListNews' | 'adminCreateNews' | 'adminDeleteNews' | 'listNews'> {
  const { db, config } = ctx;
  return {
    async adminListNews(req) {
      const { page = 1 } = req.query;
      const { total, rows } = await newsPage(db, page, NEWS_PAGE_SIZE);
      return { news: rows.map(toNews), page, pages: pagesOf(total, NEWS_PAGE_SIZE), total };
    },

    async adminCreateNews(req, reply) {
      const title = req.body.title.trim();
      const text = req.body.text.trim();
      if (!title) throw invalidField('title', 'blank');
      if (!text) throw invalidField('text', 'blank');
      const row = await insertNews(db, { title, text, level: req.body.level ?? 'info', createdBy: requireAuth(req).userId, createdAt: new Date(config.now()) });
      reply.code(201);
      return toNews(row);
    },

    async adminDeleteNews(req, reply) {
      const row = await deleteNews(db, req.params.newsId);
      if (!row) throw notFound('notificationNotFound');
      reply.code(204);
    },

    async listNews(req) {
      const { limit = 10 } = req.query;
      const rows = await latestNews(db, limit);
      return rows.map(toNews);
    },
  };
}
