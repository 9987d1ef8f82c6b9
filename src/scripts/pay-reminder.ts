/** Fills the header's payment end-date reminder (Header.astro renders it only where `payNotifications` is set). */
import { loadPayReminder } from '../stores/subscription.ts';

export async function showPayReminder(userId: number): Promise<void> {
  const link = document.querySelector<HTMLAnchorElement>('[data-pay-reminder]');
  if (!link) return;
  const reminder = await loadPayReminder(userId);
  if (!reminder) return;
  const date = new Intl.DateTimeFormat(document.documentElement.lang, { dateStyle: 'long' }).format(reminder.endsAt);
  link.textContent = (link.dataset[reminder.state] ?? '').replace('{{date}}', date);
  link.dataset.state = reminder.state;
  link.hidden = false;
}
