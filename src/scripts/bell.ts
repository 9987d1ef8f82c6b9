/**
 * The header bell: service notifications published in the admin area (GET /News), newest first. A badge counts
 * the ones newer than the last the user opened the bell on (remembered in this browser).
 */
import { getApi } from '../stores/session.ts';

const SEEN_KEY = 'newsSeenId';

export async function loadBell(): Promise<void> {
  const bell = document.querySelector<HTMLDetailsElement>('[data-bell]');
  const list = bell?.querySelector<HTMLUListElement>('[data-bell-list]');
  if (!bell || !list) return;
  const { data } = await getApi().GET('/News', { params: { query: { limit: 10 } } }).catch(() => ({ data: undefined }));
  if (!data?.length) return;
  const date = new Intl.DateTimeFormat(document.documentElement.lang, { dateStyle: 'medium' });
  list.replaceChildren(
    ...data.map((item) => {
      const li = document.createElement('li');
      li.dataset.news = item.level;
      const title = document.createElement('p');
      title.className = `m-0 font-semibold ${item.level === 'warning' ? 'text-red-800' : ''}`;
      title.textContent = item.title;
      const text = document.createElement('p');
      text.className = 'm-0 text-sm';
      text.textContent = item.text;
      const when = document.createElement('time');
      when.className = 'text-xs text-ink-muted';
      when.dateTime = new Date(item.createdDateUnixTime * 1000).toISOString();
      when.textContent = date.format(item.createdDateUnixTime * 1000);
      li.append(title, text, when);
      return li;
    }),
  );
  bell.querySelector('[data-bell-empty]')?.setAttribute('hidden', '');
  const seen = Number(localStorage.getItem(SEEN_KEY) ?? 0);
  const unseen = data.filter((item) => item.id > seen).length;
  const badge = bell.querySelector<HTMLElement>('[data-bell-count]');
  if (badge && unseen) {
    badge.textContent = String(unseen);
    badge.hidden = false;
  }
  bell.addEventListener('toggle', () => {
    if (!bell.open) return;
    localStorage.setItem(SEEN_KEY, String(Math.max(...data.map((item) => item.id))));
    if (badge) badge.hidden = true;
  });
}
