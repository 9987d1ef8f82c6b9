import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { $userDetail, loadUserDetail } from '../store.ts';
import { AccountsBundle } from './AccountsBundle.tsx';
import { BlockPanel } from './BlockPanel.tsx';
import { ContactsPanel } from './ContactsPanel.tsx';
import { IgnoreListPanel } from './IgnoreListPanel.tsx';
import { DialoguesPanel, LeadPanel } from './LeadAndDialogues.tsx';
import { PaysPanel } from './PaysPanel.tsx';
import { linkTo, type AdminProps } from './props.ts';
import { UserFieldsForm } from './UserFieldsForm.tsx';
import { UserFlowsPanel } from './UserFlowsPanel.tsx';
import { useT } from './useT.ts';
import { ListState } from '../../../ui/list-states.tsx';
import { textLinkClass } from '../../../ui/classes.ts';
import { listTexts } from './helpers.ts';

/** One customer: every admin-user field, accounts, managers, AI dialogues, contacts, flows (transfer/copy), ignore list, payments. */
export function UserDetail(props: AdminProps & { id: number }) {
  const t = useT(props);
  const detail = useStore($userDetail);
  useEffect(() => void loadUserDetail(props.id), [props.id]);

  if (!detail.user) {
    return (
      <div>
        <a className={textLinkClass} href={props.links.users}>{t('users.back')}</a>
        <ListState texts={listTexts(t)} loading={detail.loading} failed={detail.missing} empty={false} />
      </div>
    );
  }
  const user = detail.user;
  return (
    <div>
      <nav aria-label={t('users.userNav')} className="flex flex-wrap gap-4 mb-4 text-sm">
        <a className={textLinkClass} href={props.links.users}>{t('users.back')}</a>
        <a className={textLinkClass} href={linkTo(props.links.diagnostics, user.id)}>{t('users.diagnosticsLink')}</a>
        <a className={textLinkClass} href={`${props.links.pays}?userId=${user.id}`}>{t('users.paysLink')}</a>
      </nav>
      <h2 className="text-xl font-semibold m-0 mb-3">{t('users.detailTitle', { email: user.email, id: user.id })}</h2>
      <BlockPanel {...props} user={user} />
      <UserFieldsForm {...props} user={user} />
      <AccountsBundle {...props} accounts={detail.accounts} companies={detail.companies} />
      <LeadPanel {...props} userId={user.id} lead={detail.lead} managers={detail.managers} />
      <DialoguesPanel {...props} userId={user.id} grants={detail.grants} />
      <ContactsPanel {...props} userId={user.id} contacts={detail.contacts} />
      <UserFlowsPanel {...props} userId={user.id} />
      <IgnoreListPanel {...props} userId={user.id} />
      <PaysPanel {...props} userId={user.id} />
    </div>
  );
}
