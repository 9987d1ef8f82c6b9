/** Fills the header's payment end-date reminder (Header.astro renders it only where `payNotifications` is set). */
import { loadPayReminder } from '../stores/subscription.ts';

export async function showPayReminder(userId: number): Promise<void> {
  const link = document.querySelector<HTMLAnchorElement>('[data-pay-reminder]');
  if (!link) return;
  const reminder = await loadPayReminder(userId);
  if (!reminder) return;
  // Paid periods end at midnight UTC (the admin's pay form): the day is read in UTC, as formatDate in src/ui does.
  const date = new Intl.DateTimeFormat(document.documentElement.lang, { dateStyle: 'long', timeZone: 'UTC' }).format(reminder.endsAt);
  link.textContent = (link.dataset[reminder.state] ?? '').replace('{{date}}', date);
  link.dataset.state = reminder.state;
  link.hidden = false;
}
