import { useEffect, useState } from 'react';
import type { AdminProps } from './props.ts';
import { UserList } from './UserList.tsx';
import { UserDetail } from './UserDetail.tsx';
import { queryInt } from './helpers.ts';

/** /admin/users: the list, or one user's detail when the address names one (?id=). */
export default function AdminUsers(props: AdminProps) {
  const [id, setId] = useState<number | null | undefined>(undefined);
  useEffect(() => setId(queryInt('id')), []);
  if (id === undefined) return null;
  return id ? <UserDetail {...props} id={id} /> : <UserList {...props} />;
}
