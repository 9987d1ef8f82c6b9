import { textLinkClass } from '../../../ui/classes.ts';

/** Why the owner cannot (or can no longer) send distributions, each with its way out (§6, §9). */
export interface Blockers {
  /** §6: a test user is refused distributions. */
  testUser?: boolean;
  /** Tariff 13 is missing (status Unavailable, or a 403 `distributionNotAvailable`). */
  notAvailable?: boolean;
  /** The bought distribution messages ran out (status reason `noMessagesLeft`). */
  noMessages?: boolean;
}

interface Texts {
  testUser: string;
  notAvailable: string;
  noMessages: string;
  choosePlan: string;
  buyPack: string;
}

export function BlockerNotices({ blockers, texts, paymentsHref }: { blockers: Blockers; texts: Texts; paymentsHref: string }) {
  const notice = 'text-sm rounded border px-3 py-2 mb-3 m-0';
  return (
    <>
      {blockers.testUser && <p className={`${notice} border-yellow-300 bg-yellow-50 text-yellow-900`} role="status">{texts.testUser}</p>}
      {!blockers.testUser && blockers.notAvailable && (
        <p className={`${notice} border-yellow-300 bg-yellow-50 text-yellow-900`} role="status" data-notice="tariff">
          {texts.notAvailable} <a className={textLinkClass} href={paymentsHref}>{texts.choosePlan}</a>
        </p>
      )}
      {!blockers.testUser && blockers.noMessages && (
        <p className={`${notice} border-yellow-300 bg-yellow-50 text-yellow-900`} role="status" data-notice="messages">
          {texts.noMessages} <a className={textLinkClass} href={paymentsHref}>{texts.buyPack}</a>
        </p>
      )}
    </>
  );
}
