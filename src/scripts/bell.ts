/**
 * The header bell: the owner's WhatsApp warnings ("WhatsApp disconnected", "WhatsApp number paused", from
 * GET /Accounts/Sending), the payment end-date reminder and the message-limit warning (where the host sets
 * `payNotifications`; the PayInfos read the header's copies share, filled by pay-reminder.ts) and the service
 * notifications published in the admin area (GET /News), newest first. The badge counts the warnings while they
 * hold and the news newer than the last the user opened the bell on (remembered in this browser). One request of
 * each kind per page, only once a user is signed in.
 */
import type { components } from '../api/schema.d.ts';
import { getApi } from '../stores/session.ts';
import { loadPayAlerts } from '../stores/subscription.ts';

const SEEN_KEY = 'newsSeenId';

type News = components['schemas']['NewsItem'][];
type WhatsAppAlert = components['schemas']['SendingOverview']['whatsApp'];

/** Which warning items show: a number not linked, a number paused (each its own text). */
const alertKinds = (a: WhatsAppAlert): ('notLinked' | 'paused')[] => [
  ...(a.notLinked > 0 ? (['notLinked'] as const) : []),
  ...(a.paused > 0 ? (['paused'] as const) : []),
];

async function showAlerts(bell: HTMLElement): Promise<number> {
  const list = bell.querySelector<HTMLElement>('[data-bell-alerts]');
  if (!list) return 0;
  const { data } = await getApi().GET('/Accounts/Sending').catch(() => ({ data: undefined }));
  const kinds = data ? alertKinds(data.whatsApp) : [];
  for (const item of list.querySelectorAll<HTMLElement>('[data-bell-alert]')) item.hidden = !kinds.includes(item.dataset.bellAlert as never);
  list.hidden = !kinds.length;
  return kinds.length;
}

/** How many of the pay warnings hold (their texts are filled by pay-reminder.ts from the same answer). */
async function showPayAlerts(bell: HTMLElement, userId: number): Promise<number> {
  const list = bell.querySelector<HTMLElement>('[data-bell-pay]');
  if (!list) return 0;
  const alerts = await loadPayAlerts(userId);
  const count = Number(Boolean(alerts?.reminder)) + Number(Boolean(alerts?.allowance));
  list.hidden = !count;
  return count;
}

function renderNews(list: HTMLUListElement, data: News) {
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
}

async function loadNews(bell: HTMLElement): Promise<News> {
  const list = bell.querySelector<HTMLUListElement>('[data-bell-list]');
  if (!list) return [];
  const { data } = await getApi().GET('/News', { params: { query: { limit: 10 } } }).catch(() => ({ data: undefined }));
  if (data?.length) renderNews(list, data);
  return data ?? [];
}

export async function loadBell(userId: number): Promise<void> {
  const bell = document.querySelector<HTMLDetailsElement>('[data-bell]');
  if (!bell) return;
  const [whatsApp, pay, news] = await Promise.all([showAlerts(bell), showPayAlerts(bell, userId), loadNews(bell)]);
  const alerts = whatsApp + pay;
  if (alerts || news.length) bell.querySelector('[data-bell-empty]')?.setAttribute('hidden', '');
  const badge = bell.querySelector<HTMLElement>('[data-bell-count]');
  if (!badge) return;
  let unseen = news.filter((item) => item.id > Number(localStorage.getItem(SEEN_KEY) ?? 0)).length;
  const show = () => {
    badge.textContent = String(alerts + unseen);
    badge.hidden = alerts + unseen === 0;
  };
  show();
  // Opening the bell marks the news seen; a warning stays counted while it holds (a number unlinked, a payment due).
  bell.addEventListener('toggle', () => {
    if (!bell.open || !news.length) return;
    localStorage.setItem(SEEN_KEY, String(Math.max(...news.map((item) => item.id))));
    unseen = 0;
    show();
  });
}
