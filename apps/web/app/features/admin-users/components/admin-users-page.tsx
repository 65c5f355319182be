import { useState } from 'react';
import clsx from 'clsx';
import { adminUserMessages, ROLE_LABELS, type AdminUser } from '@kiyasla/contracts/admin-users';
import { USER_ROLES } from '@kiyasla/contracts/constants';
import type { User } from '@kiyasla/contracts/user';
import { ConfirmDialog } from '~/components/ui/confirm-dialog';
import {
  EditDeleteCell,
  FilterForm,
  FilterSearchField,
  FilterSelectField,
  ListPanel,
  ListTable,
  useListFilters,
} from '~/components/ui/list-filters';
import { Pager } from '~/components/ui/pager';
import { formatDate } from '~/lib/format-date';
import { EMPTY_USER_FILTERS, useAdminUsers, type AdminUserFilters } from '../api/get-admin-users';
import { useDeleteAdminUser } from '../api/delete-admin-user';
import { EditUserDialog } from './edit-user-dialog';

const PLAN_LABELS: Record<AdminUser['subscription']['plan'], string> = {
  free: 'Ücretsiz',
  'monthly-premium': 'Aylık',
  'yearly-premium': 'Yıllık',
  'lifetime-premium': 'Ömür boyu',
};

const ROLE_OPTIONS = USER_ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }));
const ACTIVE_OPTIONS = [
  { value: 'true', label: 'Aktif' },
  { value: 'false', label: 'Pasif' },
] as const;

function StatusBadge({ active }: { active: boolean }) {
  return (
    <span
      className={clsx(
        'inline-flex rounded-full px-2 py-0.5 text-xs font-medium',
        active ? 'bg-success/15 text-success' : 'bg-surface-2 text-muted',
      )}
    >
      {active ? 'Aktif' : 'Pasif'}
    </span>
  );
}

/** /admin/users: filters applied on submit (page back to 1), table, edit modal, delete with confirmation. */
export function AdminUsersPage({
  currentUser,
  initialSearch = '',
}: {
  currentUser: User;
  /** From the admin header's search (`?q=`): applied at once. */
  initialSearch?: string;
}) {
  const { draft, edit, applied, page, setPage, submit } = useListFilters<AdminUserFilters>({
    ...EMPTY_USER_FILTERS,
    search: initialSearch,
  });
  const [editing, setEditing] = useState<AdminUser | null>(null);
  const [deleting, setDeleting] = useState<AdminUser | null>(null);
  const query = useAdminUsers(page, applied);
  const remove = useDeleteAdminUser();

  const users = query.data?.users ?? [];
  const pagination = query.data?.pagination;

  return (
    <section>
      <h1 className="text-2xl font-semibold text-ink">Kullanıcılar</h1>
      <FilterForm label="Kullanıcı süzgeçleri" columns="sm:grid-cols-[1fr_auto_auto_auto]" onSubmit={submit}>
        <FilterSearchField
          id="users-search"
          placeholder="Ad, soyad veya e-posta ile ara"
          value={draft.search}
          onChange={(search) => edit({ search })}
        />
        <FilterSelectField
          id="users-role"
          label="Rol"
          value={draft.role}
          onChange={(role) => edit({ role })}
          allLabel="Tüm roller"
          options={ROLE_OPTIONS}
        />
        <FilterSelectField
          id="users-active"
          label="Durum"
          value={draft.isActive}
          onChange={(isActive) => edit({ isActive })}
          allLabel="Tüm durumlar"
          options={ACTIVE_OPTIONS}
        />
      </FilterForm>

      <ListPanel
        pending={query.isPending}
        loading="Kullanıcılar yükleniyor..."
        error={query.isError ? adminUserMessages.loadError : undefined}
        empty={users.length === 0}
        emptyText={adminUserMessages.notFound}
      >
        <ListTable minWidth="min-w-[720px]" headings={['Kullanıcı', 'Rol', 'Plan', 'Durum', 'Kayıt']} actions>
          {users.map((user) => {
            const self = user._id === currentUser._id;
            const name = `${user.firstName} ${user.lastName}`;
            return (
              <tr key={user._id} className="border-b border-line last:border-0">
                <td className="px-4 py-3">
                  <div className="font-medium text-ink">{name}</div>
                  <div className="text-muted">{user.email}</div>
                </td>
                <td className="px-4 py-3">{ROLE_LABELS[user.role]}</td>
                <td className="px-4 py-3">{PLAN_LABELS[user.subscription.plan]}</td>
                <td className="px-4 py-3">
                  <StatusBadge active={user.isActive} />
                </td>
                <td className="px-4 py-3 whitespace-nowrap">{formatDate(user.createdAt)}</td>
                <EditDeleteCell
                  name={name}
                  onEdit={() => setEditing(user)}
                  onDelete={() => setDeleting(user)}
                  deleteDisabled={self}
                  deleteTitle={self ? adminUserMessages.selfDelete : 'Sil'}
                />
              </tr>
            );
          })}
        </ListTable>
      </ListPanel>
      {pagination && (
        <Pager
          page={pagination.page}
          pages={pagination.pages}
          total={pagination.total}
          noun="kullanıcı"
          onPage={setPage}
        />
      )}

      {editing && <EditUserDialog user={editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Kullanıcıyı Sil"
        description={deleting ? adminUserMessages.deleteConfirm(`${deleting.firstName} ${deleting.lastName}`) : ''}
        confirmLabel="Sil"
        pending={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting._id, { onSettled: () => setDeleting(null) })}
      />
    </section>
  );
}
