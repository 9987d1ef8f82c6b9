import type { ProblemLike } from '../../api/explain-problem.ts';
import { map } from 'nanostores';
import { api } from '../../api/browser.ts';
import { logAdminFailure, type AdminSchemas } from './api.ts';
import { pagedList } from '../../stores/paged-list.ts';

type S = AdminSchemas;
export type UserSort = 'createdAt' | 'email' | 'fullName' | 'id';
export interface UserQuery {
  text: string;
  sort: UserSort;
  order: 'asc' | 'desc';
}

export const USERS_PAGE_SIZE = 20;

// Keyset cursors of the pages seen so far for one query: page N+1 is read after page N's `next`, so deep pages
// cost the same as the first; a page without a known cursor falls back to offset paging.
let cursors: { key: string; after: (string | null)[] } = { key: '', after: [] };

/** The admin user list: server-side search, sort and paging. */
export const userList = pagedList<S['AdminUser'], UserQuery>({ name: 'user list', onFail: logAdminFailure }, { text: '', sort: 'createdAt', order: 'desc' }, async (page, q) => {
  const text = q.text.trim();
  const key = JSON.stringify([text, q.sort, q.order]);
  if (cursors.key !== key) cursors = { key, after: [] };
  const after = cursors.after[page] ?? undefined;
  const { data, error } = await api().GET('/Admin/Users', {
    params: { query: { page, pageSize: USERS_PAGE_SIZE, sort: q.sort, order: q.order, ...(text ? { query: text } : {}), ...(after ? { after } : {}) } },
  });
  if (error) throw error;
  if (data && cursors.key === key) cursors.after[page + 1] = data.next;
  return data && { items: data.users, pages: data.pages, total: data.total, extra: { totalKind: data.totalKind } };
});

export interface UserDetail {
  user: S['AdminUser'] | null;
  accounts: S['UserAccounts'] | null;
  companies: S['Company'][];
  lead: S['LeadInfo'] | null;
  managers: S['Manager'][];
  grants: S['DialoguesGrantList'] | null;
  contacts: S['AdminContact'][];
  loading: boolean;
  missing: boolean;
}

const empty: UserDetail = { user: null, accounts: null, companies: [], lead: null, managers: [], grants: null, contacts: [], loading: false, missing: false };
export const $userDetail = map<UserDetail>({ ...empty });

/** Runs a call; failures are logged and yield undefined (§7). */
async function settle<T>(what: string, call: Promise<{ data?: T; error?: unknown }>): Promise<T | undefined> {
  try {
    const { data, error } = await call;
    if (error) logAdminFailure(what, error);
    return data;
  } catch (error) {
    logAdminFailure(what, error);
    return undefined;
  }
}

export async function loadUserDetail(id: number): Promise<void> {
  $userDetail.set({ ...empty, loading: true });
  const path = { params: { path: { id } } };
  const [user, accounts, companies, lead, managers, grants, contacts] = await Promise.all([
    settle('user', api().GET('/Admin/Users/{id}', path)),
    settle('accounts', api().GET('/Admin/{id}/UserAccounts', path)),
    settle('companies', api().GET('/YclientsAccounts/{id}/Companies', { params: { path: { id }, query: { withStatus: true } } })),
    settle('lead info', api().GET('/Admin/LeadInfos/{id}', path)),
    settle('managers', api().GET('/Manager')),
    settle('dialogue grants', api().GET('/Admin/Users/{id}/Dialogues', path)),
    settle('contacts', api().GET('/Admin/Users/{id}/Contacts', path)),
  ]);
  $userDetail.set({
    user: user ?? null,
    accounts: accounts ?? null,
    companies: companies ?? [],
    lead: lead ?? null,
    managers: managers ?? [],
    grants: grants ?? null,
    contacts: contacts ?? [],
    loading: false,
    missing: !user,
  });
}

/** PATCH only what changed. Resolves to the server's field errors ({} on success), or null on other failures. */
export async function patchUser(id: number, patch: S['AdminUserPatch']): Promise<Record<string, ProblemLike> | null> {
  try {
    const { data, error } = await api().PATCH('/Admin/Users/{id}', { params: { path: { id } }, body: patch });
    if (data) {
      $userDetail.setKey('user', data);
      return {};
    }
    logAdminFailure('user update', error);
    return error?.status === 400 ? Object.fromEntries((error.errors ?? [{ ...error, field: '' }]).map((e) => [e.field, e])) : null;
  } catch (error) {
    logAdminFailure('user update', error);
    return null;
  }
}

/** Blocks or unblocks the user of the detail; resolves to the refusal (a problem) or null when done. */
export async function setUserBlocked(id: number, blocked: boolean): Promise<ProblemLike | null> {
  const path = { params: { path: { id } } };
  try {
    const { data, error } = blocked ? await api().POST('/Admin/Users/{id}/Block', path) : await api().POST('/Admin/Users/{id}/Unblock', path);
    if (data) {
      $userDetail.setKey('user', data);
      return null;
    }
    logAdminFailure('user block', error);
    return error ?? { status: 500 };
  } catch (error) {
    logAdminFailure('user block', error);
    return { status: 500 };
  }
}

export async function saveLeadInfo(id: number, lead: S['LeadInfo']): Promise<boolean> {
  const data = await settle('lead info', api().POST('/Admin/LeadInfos/{id}', { params: { path: { id } }, body: lead }));
  if (data) $userDetail.setKey('lead', data);
  return Boolean(data);
}

export async function grantDialogues(id: number, grant: S['DialoguesGrant']): Promise<boolean> {
  const data = await settle('dialogue grant', api().POST('/Admin/Users/{id}/Dialogues', { params: { path: { id } }, body: grant }));
  if (!data) return false;
  const list = await settle('dialogue grants', api().GET('/Admin/Users/{id}/Dialogues', { params: { path: { id } } }));
  if (list) $userDetail.setKey('grants', list);
  return true;
}

async function reloadContacts(id: number) {
  const list = await settle('contacts', api().GET('/Admin/Users/{id}/Contacts', { params: { path: { id } } }));
  if (list) $userDetail.setKey('contacts', list);
}

/** Adds or edits a contact; resolves to field errors ({} on success) or null on other failures. */
export async function saveContact(id: number, contactId: number | null, body: S['AdminContactInput']): Promise<Record<string, ProblemLike> | null> {
  try {
    const { error } = contactId
      ? await api().PATCH('/Admin/Users/{id}/Contacts/{contactId}', { params: { path: { id, contactId } }, body })
      : await api().POST('/Admin/Users/{id}/Contacts', { params: { path: { id } }, body });
    if (error) {
      logAdminFailure('contact save', error);
      return error.status === 400 ? Object.fromEntries((error.errors ?? []).map((e) => [e.field, e])) : null;
    }
    await reloadContacts(id);
    return {};
  } catch (error) {
    logAdminFailure('contact save', error);
    return null;
  }
}

export async function deleteContact(id: number, contactId: number): Promise<void> {
  try {
    const { error } = await api().DELETE('/Admin/Users/{id}/Contacts/{contactId}', { params: { path: { id, contactId } } });
    if (error) logAdminFailure('contact delete', error);
  } catch (error) {
    logAdminFailure('contact delete', error);
  }
  await reloadContacts(id);
}

/** One user's flows, a page at a time (the user detail's flows panel). */
export const userFlowsPage = (userId: number) => async (page: number) => {
  const { data } = await api().GET('/Admin/Users/{id}/Flows', { params: { path: { id: userId }, query: { page, pageSize: 10 } } });
  return data && { items: data.flows, pages: data.pages, total: data.total };
};

/** One user's ignore list, a page at a time (read-only here). */
export const ignoredPhonesPage = (userId: number) => async (page: number) => {
  const { data } = await api().GET('/Admin/Users/{id}/IgnoredPhones', { params: { path: { id: userId }, query: { page, pageSize: 20 } } });
  return data && { items: data.phones, pages: data.pages, total: data.total };
};

/** Moves flows of one user to another (copy or move). */
export const transferFlows = (userId: number, body: { flowIds: number[]; targetUserId: number; mode: S['AdminFlowTransfer']['mode'] }) =>
  api().POST('/Admin/Users/{id}/Flows/Transfer', { params: { path: { id: userId } }, body });
