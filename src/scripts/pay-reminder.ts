/**
 * Fills the payment end-date reminder and the message-limit warning wherever Header.astro put them (the header and
 * the bell, only where the host sets `payNotifications`): each `data-pay-alert` element holds its texts per state.
 */
import { loadPayAlerts } from '../stores/subscription.ts';

export async function showPayReminder(userId: number): Promise<void> {
  const targets = document.querySelectorAll<HTMLElement>('[data-pay-alert]');
  if (!targets.length) return;
  const alerts = await loadPayAlerts(userId);
  if (!alerts) return;
  const states: Record<string, string | undefined> = { reminder: alerts.reminder?.state, allowance: alerts.allowance };
  // Paid periods end at midnight UTC (the admin's pay form): the day is read in UTC, as formatDate in src/ui does.
  const date = alerts.reminder && new Intl.DateTimeFormat(document.documentElement.lang, { dateStyle: 'long', timeZone: 'UTC' }).format(alerts.reminder.endsAt);
  for (const el of targets) {
    const state = states[el.dataset.payAlert ?? ''];
    if (!state) continue;
    const text = (el.dataset[state] ?? '').replace('{{date}}', date ?? '');
    // The header's copy shows an icon below 1280 px: the text is its label and its tooltip.
    const label = el.querySelector('[data-label]');
    if (label) label.textContent = el.title = text;
    else el.textContent = text;
    // The bell's item is the link's list row: it takes the state too (its border colour) and shows.
    const shown = el.closest('li') ?? el;
    shown.dataset.state = el.dataset.state = state;
    shown.hidden = false;
  }
}
