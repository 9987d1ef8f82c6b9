/**
 * §2 support chat: loaded once per navigation while a user is signed in, identified by email, name and phone
 * (with a plus), carrying a link to the user's page in the admin payments screen. The page works without it:
 * a script that fails to load is ignored.
 */
export interface SupportChatUser {
  id: number;
  email: string;
  phoneNumber: string | null;
  fullName?: string | null;
}

declare global {
  interface Window {
    supportChatSettings?: Record<string, string>;
  }
}

export function withPlus(phone: string | null): string {
  if (!phone) return '';
  const digits = phone.replace(/[^\d]/g, '');
  return digits ? `+${digits}` : '';
}

let loaded = false;

export function loadSupportChat(scriptUrl: string | undefined, user: SupportChatUser): void {
  if (!scriptUrl || loaded) return;
  loaded = true;
  window.supportChatSettings = {
    email: user.email,
    name: user.fullName || user.email,
    phone: withPlus(user.phoneNumber),
    adminPaymentsUrl: `${location.origin}/admin/pays?userId=${user.id}`,
    // §9: right 100 px, bottom 80 px (mobile: right 10 px, at most 18rem × 500 px); dark mode follows the system.
    position: matchMedia('(max-width: 991px)').matches ? 'right:10px;bottom:80px;max-width:18rem;max-height:500px' : 'right:100px;bottom:80px',
    bubble: matchMedia('(max-width: 991px)').matches ? 'standard' : 'expanded',
    theme: 'auto',
  };
  const script = document.createElement('script');
  script.src = scriptUrl;
  script.async = true;
  script.dataset.supportChat = '';
  script.addEventListener('error', () => script.remove());
  document.head.append(script);
}
