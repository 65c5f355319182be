import { useState, type FormEvent } from 'react';
import { Pencil, Trash2 } from 'lucide-react';
import clsx from 'clsx';
import { adminUserMessages, ROLE_LABELS, type AdminUser } from '@kiyasla/contracts/admin-users';
import { USER_ROLES } from '@kiyasla/contracts/constants';
import type { User } from '@kiyasla/contracts/user';
import { buttonClasses } from '~/components/ui/button-styles';
import { ConfirmDialog } from '~/components/ui/confirm-dialog';
import { inputClasses } from '~/components/ui/form-field';
import { Pager } from '~/components/ui/pager';
import { formatDate } from '~/lib/format';
import { EMPTY_USER_FILTERS, useAdminUsers, type AdminUserFilters } from '../api/get-admin-users';
import { useDeleteAdminUser } from '../api/delete-admin-user';
import { EditUserDialog } from './edit-user-dialog';

const PLAN_LABELS: Record<AdminUser['subscription']['plan'], string> = {
  free: 'Ücretsiz',
  'monthly-premium': 'Aylık',
  'yearly-premium': 'Yıllık',
  'lifetime-premium': 'Ömür boyu',
};

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
  const [draft, setDraft] = useState<AdminUserFilters>({ ...EMPTY_USER_FILTERS, search: initialSearch });
  const [filters, setFilters] = useState<AdminUserFilters>({ ...EMPTY_USER_FILTERS, search: initialSearch });
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<AdminUser | null>(null);
  const [deleting, setDeleting] = useState<AdminUser | null>(null);
  const query = useAdminUsers(page, filters);
  const remove = useDeleteAdminUser();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFilters(draft);
    setPage(1);
  };

  const users = query.data?.users ?? [];
  const pagination = query.data?.pagination;

  return (
    <section>
      <h1 className="text-2xl font-semibold text-ink">Kullanıcılar</h1>
      <form
        role="search"
        aria-label="Kullanıcı süzgeçleri"
        onSubmit={submit}
        className="mt-4 grid gap-3 rounded-2xl border border-line bg-surface p-4 sm:grid-cols-[1fr_auto_auto_auto]"
      >
        <label className="sr-only" htmlFor="users-search">
          Ara
        </label>
        <input
          id="users-search"
          type="search"
          placeholder="Ad, soyad veya e-posta ile ara"
          value={draft.search}
          onChange={(e) => setDraft({ ...draft, search: e.target.value })}
          className={inputClasses(false)}
        />
        <label className="sr-only" htmlFor="users-role">
          Rol
        </label>
        <select
          id="users-role"
          value={draft.role}
          onChange={(e) => setDraft({ ...draft, role: e.target.value as AdminUserFilters['role'] })}
          className={inputClasses(false)}
        >
          <option value="">Tüm roller</option>
          {USER_ROLES.map((role) => (
            <option key={role} value={role}>
              {ROLE_LABELS[role]}
            </option>
          ))}
        </select>
        <label className="sr-only" htmlFor="users-active">
          Durum
        </label>
        <select
          id="users-active"
          value={draft.isActive}
          onChange={(e) => setDraft({ ...draft, isActive: e.target.value as AdminUserFilters['isActive'] })}
          className={inputClasses(false)}
        >
          <option value="">Tüm durumlar</option>
          <option value="true">Aktif</option>
          <option value="false">Pasif</option>
        </select>
        <button type="submit" className={buttonClasses('primary', 'md')}>
          Filtrele
        </button>
      </form>

      <div className="mt-4 overflow-x-auto rounded-2xl border border-line bg-surface">
        {query.isPending ? (
          <p role="status" className="p-6 text-sm text-muted">
            Kullanıcılar yükleniyor...
          </p>
        ) : query.isError ? (
          <p role="alert" className="p-6 text-sm text-danger">
            {adminUserMessages.loadError}
          </p>
        ) : users.length === 0 ? (
          <p className="p-6 text-sm text-muted">{adminUserMessages.notFound}</p>
        ) : (
          <table className="w-full min-w-[720px] text-left text-sm">
            <thead className="border-b border-line text-xs text-muted uppercase">
              <tr>
                <th scope="col" className="px-4 py-3">
                  Kullanıcı
                </th>
                <th scope="col" className="px-4 py-3">
                  Rol
                </th>
                <th scope="col" className="px-4 py-3">
                  Plan
                </th>
                <th scope="col" className="px-4 py-3">
                  Durum
                </th>
                <th scope="col" className="px-4 py-3">
                  Kayıt
                </th>
                <th scope="col" className="px-4 py-3 text-right">
                  İşlemler
                </th>
              </tr>
            </thead>
            <tbody>
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
                    <td className="px-4 py-3">
                      <div className="flex justify-end gap-1">
                        <button
                          type="button"
                          onClick={() => setEditing(user)}
                          className={buttonClasses('ghost', 'icon')}
                          aria-label={`${name} düzenle`}
                          title="Düzenle"
                        >
                          <Pencil aria-hidden="true" className="size-4" />
                        </button>
                        <button
                          type="button"
                          onClick={() => setDeleting(user)}
                          disabled={self}
                          className={buttonClasses('ghost', 'icon', 'text-danger')}
                          aria-label={`${name} sil`}
                          title={self ? adminUserMessages.selfDelete : 'Sil'}
                        >
                          <Trash2 aria-hidden="true" className="size-4" />
                        </button>
                      </div>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        )}
      </div>
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
