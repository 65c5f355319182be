import { z } from 'zod';
import { adminListQuerySchema } from './admin-stores';
import { PLAN_IDS, SUBSCRIPTION_STATUSES, USER_ROLES } from './constants';

/*
 * The admin users API (`/api/admin/users`, admins only: ADR 016). The specification's screen:
 * search, role and isActive filters, a table, an edit modal for role and active flag, delete.
 */

export const adminUserMessages = {
  notFound: 'Kullanıcı bulunamadı',
  loadError: 'Kullanıcılar yüklenirken hata oluştu',
  updated: 'Kullanıcı güncellendi',
  deleted: 'Kullanıcı silindi',
  nothingToUpdate: 'Değiştirilecek bir alan gönderin (rol veya aktiflik)',
  roleInvalid: 'Rol user, moderator veya admin olmalıdır',
  isActiveInvalid: 'Aktiflik true veya false olmalıdır',
  selfDemote: 'Kendi yönetici rolünüzü değiştiremezsiniz',
  selfDeactivate: 'Kendi hesabınızı pasif yapamazsınız',
  selfDelete: 'Kendi hesabınızı yönetim panelinden silemezsiniz',
  lastAdmin: 'Son aktif yönetici hesabının rolü değiştirilemez, pasif yapılamaz ve silinemez',
  deleteConfirm: (name: string) =>
    `${name} adlı kullanıcıyı silmek istediğinizden emin misiniz? Hesap hemen kapanır ve verileri 30 gün içinde silinir.`,
} as const;

export const ROLE_LABELS: Record<(typeof USER_ROLES)[number], string> = {
  user: 'Kullanıcı',
  moderator: 'Moderatör',
  admin: 'Yönetici',
};

/** `true` / `false` in a query string. */
const queryBoolean = z.enum(['true', 'false'], adminUserMessages.isActiveInvalid).transform((v) => v === 'true');

/** `GET /admin/users` query: `search` looks in first name, last name and e-mail (Turkish-insensitive). */
export const adminUserListQuerySchema = adminListQuerySchema.extend({
  search: z.string().trim().max(100).optional(),
  role: z.enum(USER_ROLES, adminUserMessages.roleInvalid).optional(),
  isActive: queryBoolean.optional(),
});
export type AdminUserListQuery = z.output<typeof adminUserListQuerySchema>;

export const adminUserIdParamsSchema = z.object({ id: z.string().uuid('Geçersiz kullanıcı kimliği') });

/** `PUT /admin/users/{id}`: the specification's modal sends both; either may be sent alone. */
export const adminUserUpdateSchema = z
  .object({
    role: z.enum(USER_ROLES, adminUserMessages.roleInvalid).optional(),
    isActive: z.boolean(adminUserMessages.isActiveInvalid).optional(),
  })
  .refine((v) => v.role !== undefined || v.isActive !== undefined, { message: adminUserMessages.nothingToUpdate });
export type AdminUserUpdate = z.output<typeof adminUserUpdateSchema>;

/** The specification's "Admin user". */
export const adminUserSchema = z.object({
  _id: z.string().uuid(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  role: z.enum(USER_ROLES),
  isActive: z.boolean(),
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
  security: z.object({ emailVerified: z.boolean() }),
  subscription: z.object({ plan: z.enum(PLAN_IDS), status: z.enum(SUBSCRIPTION_STATUSES) }),
});
export type AdminUser = z.infer<typeof adminUserSchema>;
