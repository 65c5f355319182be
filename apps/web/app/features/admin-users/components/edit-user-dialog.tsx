import { useState, type FormEvent } from 'react';
import { ROLE_LABELS, type AdminUser } from '@kiyasla/contracts/admin-users';
import { USER_ROLES, type UserRole } from '@kiyasla/contracts/constants';
import { Dialog } from '~/components/ui/dialog';
import { buttonClasses } from '~/components/ui/button-styles';
import { inputClasses } from '~/components/ui/form-field';
import { useUpdateAdminUser } from '../api/update-admin-user';

/** The specification's edit modal: role and active flag. */
export function EditUserDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const [role, setRole] = useState<UserRole>(user.role);
  const [isActive, setIsActive] = useState(user.isActive);
  const update = useUpdateAdminUser();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    update.mutate({ id: user._id, input: { role, isActive } }, { onSuccess: onClose });
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Kullanıcıyı Düzenle"
      description={`${user.firstName} ${user.lastName} · ${user.email}`}
    >
      <form onSubmit={submit} className="mt-4 space-y-4">
        <div>
          <label htmlFor="edit-user-role" className="mb-1 block text-sm font-medium text-ink">
            Rol
          </label>
          <select
            id="edit-user-role"
            value={role}
            onChange={(e) => setRole(e.target.value as UserRole)}
            className={inputClasses(false)}
          >
            {USER_ROLES.map((value) => (
              <option key={value} value={value}>
                {ROLE_LABELS[value]}
              </option>
            ))}
          </select>
        </div>
        <label className="flex items-center gap-2 text-sm text-ink">
          <input
            type="checkbox"
            checked={isActive}
            onChange={(e) => setIsActive(e.target.checked)}
            className="size-4 accent-[var(--k-primary)]"
          />
          Aktif
        </label>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button type="button" onClick={onClose} className={buttonClasses('outline', 'md')}>
            Vazgeç
          </button>
          <button type="submit" disabled={update.isPending} className={buttonClasses('primary', 'md')}>
            {update.isPending ? 'Kaydediliyor...' : 'Kaydet'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
