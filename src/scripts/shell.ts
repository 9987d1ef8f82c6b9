/**
 * Behaviour of the Shared layout: the mobile sidebar, menus, language choice, logout, the remote-desktop link
 * and scroll-to-top. Plain DOM code: the shell must cost almost nothing on pages without an island.
 */
import { logout, currentUser, runtime, startSession } from './shell-session.ts';
import { loadSupportChat } from './support-chat.ts';
import { loadBell } from './bell.ts';
import { showPayReminder } from './pay-reminder.ts';
import { $session, getApi } from '../stores/session.ts';
import { toSystemLanguage, type Locale } from '../i18n/locales.ts';
import { mountToaster } from './toaster.ts';
import { bookingAccountRoutes } from '../shared/crm.ts';
import { avatarInitials } from './initials.ts';

function setupMobileMenu() {
  const sidebar = document.getElementById('sidebar');
  const openButton = document.querySelector<HTMLButtonElement>('.menu-open');
  const closeButton = document.querySelector<HTMLButtonElement>('.menu-close');
  const backdrop = document.querySelector<HTMLElement>('.sidebar-backdrop');
  if (!sidebar || !openButton) return;
  const setOpen = (open: boolean) => {
    sidebar.dataset.open = String(open);
    openButton.setAttribute('aria-expanded', String(open));
    backdrop?.classList.toggle('hidden', !open);
    if (open) sidebar.querySelector<HTMLElement>('a, button')?.focus();
    else openButton.focus();
  };
  openButton.addEventListener('click', () => setOpen(true));
  closeButton?.addEventListener('click', () => setOpen(false));
  backdrop?.addEventListener('click', () => setOpen(false));
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && sidebar.dataset.open === 'true') setOpen(false);
  });
}

/** Header menus are <details>: close them on Escape and on a click elsewhere. */
function setupMenus() {
  // Read at each event: islands render their row menus after the shell starts.
  const menusNow = () => [...document.querySelectorAll<HTMLDetailsElement>('header details, details[data-row-menu]')];
  document.addEventListener('click', (event) => {
    const menus = menusNow();
    for (const menu of menus) if (!menu.contains(event.target as Node)) menu.open = false;
  });
  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    for (const menu of menusNow()) {
      if (menu.open) {
        menu.open = false;
        menu.querySelector('summary')?.focus();
      }
    }
  });
}

function setupLanguageSelect() {
  startSession();
  const select = document.querySelector<HTMLSelectElement>('[data-language-select]');
  if (!select) return;
  const prefixes = JSON.parse(select.dataset.prefixes ?? '{}') as Record<string, string>;
  select.addEventListener('change', async () => {
    const current = prefixes[select.dataset.current ?? ''] ?? '';
    const next = prefixes[select.value] ?? '';
    try {
      localStorage.setItem('locale', select.value);
    } catch {
      // Without storage the choice lasts for this navigation only.
    }
    select.disabled = true;
    // A signed-in user's system language follows the choice (best effort, never blocking for long).
    if ($session.get().authenticated) {
      const saved = getApi().PATCH('/Account/Profile', { body: { language: toSystemLanguage(select.value as Locale) } }).catch(() => undefined);
      await Promise.race([saved, new Promise((resolve) => setTimeout(resolve, 1500))]);
    }
    const rest = location.pathname.slice(current.length) || '/';
    location.assign((next && rest === '/' ? next + '/' : next + rest) + location.search + location.hash);
  });
}

function setupRemoteDesktop() {
  const link = document.querySelector<HTMLAnchorElement>('[data-remote-desktop]');
  if (!link || !/Mac|iPhone|iPad/i.test(navigator.userAgent)) return;
  link.href = link.dataset.mac ?? link.href;
  link.textContent = link.dataset.labelMac ?? link.textContent;
}

function setupScrollTop() {
  const button = document.querySelector<HTMLButtonElement>('[data-scroll-top]');
  if (!button) return;
  const update = () => (button.hidden = window.scrollY < 300);
  window.addEventListener('scroll', update, { passive: true });
  button.addEventListener('click', () => window.scrollTo({ top: 0, behavior: 'smooth' }));
  update();
}

async function showUser() {
  const user = await currentUser();
  if (!user) return;
  const email = document.querySelector('[data-user-email]');
  if (email) email.textContent = user.email;
  const initial = document.querySelector('[data-user-initial]');
  const letters = avatarInitials(user);
  if (initial && letters) initial.textContent = letters;
  loadSupportChat(runtime().supportChatUrl, user);
  void loadBell(user.id);
  void showPayReminder(user.id);
  const routes: string[] = bookingAccountRoutes(user.crms ?? [], user.countryId ?? 0);
  document.querySelectorAll<HTMLElement>('[data-booking]').forEach((item) => {
    item.hidden = !routes.includes(item.dataset.booking ?? '');
  });
}

/** The staff section of the sidebar, for a session whose role is staff (the server checks every admin call). */
function showStaffNavigation() {
  const section = document.querySelector<HTMLElement>('[data-staff-nav]');
  if (!section) return;
  startSession();
  $session.subscribe((session) => (section.hidden = !session.isAdmin));
}

export function startShell() {
  mountToaster(JSON.parse(document.documentElement.dataset.toastLabels ?? '{}').close);
  setupMobileMenu();
  setupMenus();
  setupLanguageSelect();
  setupRemoteDesktop();
  setupScrollTop();
  showStaffNavigation();
  document.querySelector('[data-logout]')?.addEventListener('click', () => void logout());
  void showUser();
}
