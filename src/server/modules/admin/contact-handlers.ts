import type { components } from '../../../api/schema.d.ts';
import type { AppContext } from '../../platform/context.ts';
import { userExists } from '../account/store.ts';
import { contactsOf, deleteContact, insertContact, updateContact, type ContactChanges, type ContactRow } from './store.ts';
import { notFound } from '../../platform/http/problem.ts';
import type { Handlers } from '../../platform/http/types.ts';
import { emailOf, invalidField, phoneOf } from '../../platform/http/field-error.ts';

type ContactFields = components['schemas']['AdminContactPatch'];

const toContact = (r: ContactRow): components['schemas']['AdminContact'] => ({
  id: r.id, userId: r.userId, fullName: r.fullName, phone: r.phone, email: r.email, comment: r.comment, role: r.role,
});

/** Blank optional texts become null; phone and email are checked by the shared §5 rules. */
function clean(input: ContactFields): ContactChanges {
  const out: ContactChanges = {};
  const blankToNull = (v: string | null | undefined) => (v == null || v.trim() === '' ? null : v.trim());
  if (input.fullName !== undefined) {
    out.fullName = input.fullName.trim();
    if (!out.fullName) throw invalidField('fullName', 'blank');
  }
  if (input.phone !== undefined) out.phone = blankToNull(input.phone) && phoneOf(input.phone!, 'phone');
  if (input.email !== undefined) out.email = blankToNull(input.email) && emailOf(input.email!, 'email');
  if (input.comment !== undefined) out.comment = blankToNull(input.comment);
  if (input.role !== undefined) out.role = blankToNull(input.role);
  return out;
}

/** §3 Admin contact: the people at a customer's business that staff talk to. */
export function adminContactHandlers(ctx: AppContext): Handlers<'adminListContacts' | 'adminAddContact' | 'adminEditContact' | 'adminDeleteContact'> {
  const { db, config } = ctx;
  const requireUser = async (id: number) => {
    const row = await userExists(db, id);
    if (!row) throw notFound('userNotFound');
  };

  return {
    async adminListContacts(req) {
      await requireUser(req.params.id);
      const rows = await contactsOf(db, req.params.id);
      return rows.map(toContact);
    },

    async adminAddContact(req, reply) {
      await requireUser(req.params.id);
      const values = clean(req.body);
      const row = await insertContact(db, { ...values, fullName: values.fullName!, userId: req.params.id, createdAt: new Date(config.now()) });
      reply.code(201);
      return toContact(row);
    },

    async adminEditContact(req) {
      const changes = clean(req.body);
      const row = await updateContact(db, req.params.id, req.params.contactId, changes);
      if (!row) throw notFound('contactNotFound');
      return toContact(row);
    },

    async adminDeleteContact(req, reply) {
      const row = await deleteContact(db, req.params.id, req.params.contactId);
      if (!row) throw notFound('contactNotFound');
      reply.code(204);
    },
  };
}
