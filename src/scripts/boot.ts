import { detectLocale } from '../i18n/detect.ts';
import type { Locale } from '../i18n/locales.ts';

export interface BootConfig {
  locale: Locale;
  /** Locale prefixes of this brand, '' for its default. Absent when the brand's locale is fixed. */
  prefixes?: Partial<Record<Locale, string>>;
  requireAuth: boolean;
  guestOnly: boolean;
  /** Admin screens: a token without this role claim goes home (the server checks again on every call). */
  role?: 'admin' | 'superadmin';
  loginPath: string;
  homePath: string;
}

/**
 * Runs inline in <head>, before anything is painted: sends the visitor to the page in their language
 * (stored choice, else the browser's) and applies the auth guard. The page is hidden while it leaves,
 * so no wrong language and no protected screen ever flashes. Its source is embedded, so it has no imports.
 */
export function boot(cfg: BootConfig, detect: (languages: readonly string[]) => Locale): void {
  const leave = (url: string) => {
    document.documentElement.style.visibility = 'hidden';
    location.replace(url);
  };
  let stored: string | null = null;
  let token: string | null = null;
  try {
    stored = localStorage.getItem('locale');
    token = localStorage.getItem('token');
  } catch {
    // Storage blocked (privacy mode): treat as a first visit.
  }
  const prefixes = cfg.prefixes;
  if (prefixes) {
    const wanted = (stored && stored in prefixes ? stored : detect(navigator.languages ?? [navigator.language])) as Locale;
    if (wanted !== cfg.locale && wanted in prefixes) {
      const current = prefixes[cfg.locale] ?? '';
      const rest = location.pathname.slice(current.length) || '/';
      const target = (prefixes[wanted] ?? '') + (prefixes[wanted] && rest === '/' ? '/' : rest);
      return leave(target + location.search + location.hash);
    }
  }
  if (cfg.requireAuth && !token) {
    return leave(cfg.loginPath + '?returnUrl=' + encodeURIComponent(location.pathname + location.search));
  }
  if (cfg.guestOnly && token) return leave(cfg.homePath);
  if (cfg.role && token) {
    let role = '';
    try {
      role = JSON.parse(atob(token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/'))).role ?? '';
    } catch {
      // An unreadable token has no role.
    }
    if (!(role === 'superadmin' || (cfg.role === 'admin' && role === 'admin'))) return leave(cfg.homePath);
  }
}

export function bootScript(cfg: BootConfig): string {
  return `(${boot.toString()})(${JSON.stringify(cfg)}, ${detectLocale.toString()});`;
}
