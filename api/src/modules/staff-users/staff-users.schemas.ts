import { z } from 'zod';
import { nameField } from '../../contracts/accounts/index.js';
import { ACTIONS, actionsOf, MODULES } from '../../contracts/permissions.js';
import { limitParam, pageParam } from '../../lib/schemas.js';

export const idQuery = z.object({ id: z.uuid({ message: 'must be an id' }) });

const email = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(254)
  .pipe(z.email({ message: 'must be a valid e-mail' }));
const username = nameField(80);
const password = z.string().min(10, 'must be at least 10 characters').max(256);
const roleName = z.string().trim().min(1, 'is required').max(60);

/**
 * By module, then action: { student: { read: true } }. Unknown modules or actions are refused, and
 * so is granting an action the module does not offer (only students can be exported).
 */
export const permissionsSchema = z
  .partialRecord(z.enum(MODULES), z.partialRecord(z.enum(ACTIONS), z.boolean()))
  .superRefine((permissions, ctx) => {
    for (const module of MODULES) {
      for (const [action, granted] of Object.entries(permissions[module] ?? {})) {
        if (granted && !(actionsOf(module) as readonly string[]).includes(action)) {
          ctx.addIssue({
            code: 'custom',
            path: [module, action],
            message: `${module} has no ${action} permission`,
          });
        }
      }
    }
  });

export const listStaffQuery = z.object({
  page: pageParam,
  limit: limitParam(100, 50),
  search: z.string().trim().max(100).optional(),
  roleId: z.uuid({ message: 'must be a role id' }).optional(),
  isActive: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
});
export type ListStaffQuery = z.output<typeof listStaffQuery>;

export const createStaffBody = z
  .object({
    email,
    username,
    password,
    roleId: z.uuid({ message: 'must be a role id' }),
    isActive: z.boolean().default(true),
  })
  .refine((b) => b.password.toLowerCase() !== b.email.toLowerCase(), {
    path: ['password'],
    message: 'must not be the e-mail address',
  });
export type CreateStaffBody = z.output<typeof createStaffBody>;

export const updateStaffBody = z.object({
  username: username.optional(),
  roleId: z.uuid({ message: 'must be a role id' }).optional(),
  isActive: z.boolean().optional(),
  password: password.optional(),
});
export type UpdateStaffBody = z.output<typeof updateStaffBody>;

export const createRoleBody = z.object({
  name: roleName,
  permissions: permissionsSchema.default({}),
  isSuperAdmin: z.boolean().default(false),
});
export type CreateRoleBody = z.output<typeof createRoleBody>;

export const updateRoleBody = z.object({
  name: roleName.optional(),
  permissions: permissionsSchema.optional(),
  isSuperAdmin: z.boolean().optional(),
});
export type UpdateRoleBody = z.output<typeof updateRoleBody>;

const roleRef = z.object({ _id: z.string(), name: z.string(), isSuperAdmin: z.boolean() });

export const staffUserSchema = z.object({
  _id: z.string(),
  email: z.string(),
  username: z.string(),
  role: roleRef,
  isActive: z.boolean(),
  lastLoginAt: z.string().nullable(),
  createdAt: z.string(),
});
export type StaffUserDto = z.output<typeof staffUserSchema>;

export const staffListResponse = z.object({
  data: z.array(staffUserSchema),
  total: z.number(),
  currentPage: z.number(),
  totalPages: z.number(),
  itemsPerPage: z.number(),
});

export const roleSchema = roleRef.extend({ permissions: permissionsSchema, userCount: z.number() });
export type RoleDto = z.output<typeof roleSchema>;

export const messageResponse = z.object({ message: z.string() });
