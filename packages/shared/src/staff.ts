/**
 * Staff at the till (issue 28 §4, ADR 025): one permission map for everything a business's people may do, three roles,
 * and the staff routes' shapes. The API checks every `/vendors/me/*` route against ROLE_PERMISSIONS through one policy
 * (`app.policies.requireBusinessPermission`); the web app reads the same map from `/auth/me` (`vendor.permissions`) to
 * draw a member's navigation.
 */
import { z } from 'zod';
import { signupRequestSchema } from './auth-schemas.ts';
import { MAX_INT } from './constants.ts';
import { PERMISSIONS, STAFF_ROLES, type StaffRole } from './staff-permissions.ts';
import { MESSAGES } from './messages.ts';

export { PERMISSIONS, ROLE_PERMISSIONS, roleCan, STAFF_ROLES, type Permission, type StaffRole } from './staff-permissions.ts';

/** The roles an owner invites or gives: a business has one OWNER, who is never invited. */
export const INVITABLE_ROLES = ['MANAGER', 'CASHIER'] as const satisfies readonly StaffRole[];
export type InvitableRole = (typeof INVITABLE_ROLES)[number];

/** How long an invitation's link works. */
export const STAFF_INVITATION_DAYS = 7;

const invitableRoleField = z.enum(INVITABLE_ROLES, { error: MESSAGES.staffRoleInvalid });

/** POST /vendors/me/staff/invitations: 201 {data: invitation}, the link mailed to the address. */
export const staffInvitationRequestSchema = z.object({ email: signupRequestSchema.shape.email, role: invitableRoleField });
export type StaffInvitationRequest = z.input<typeof staffInvitationRequestSchema>;

/** PATCH /vendors/me/staff/:userId {role}. */
export const staffRoleChangeSchema = z.object({ role: invitableRoleField });

const positiveId = (message: string) =>
  z.coerce.number({ error: message }).int({ error: message }).positive({ error: message }).max(MAX_INT, { error: message });
export const staffMemberParamsSchema = z.object({ userId: positiveId(MESSAGES.staffMemberNotFound) });
export const staffInvitationParamsSchema = z.object({ invitationId: positiveId(MESSAGES.staffInvitationNotFound) });

/** POST /staff-invitations/accept {token}: the signed-in invitee joins the business. */
export const staffInvitationAcceptSchema = z.object({
  token: z.string({ error: MESSAGES.staffInvitationInvalid }).trim().min(1, { error: MESSAGES.staffInvitationInvalid }).max(512, { error: MESSAGES.staffInvitationInvalid }),
});

export const staffMemberSchema = z.object({
  userId: z.number().int(),
  name: z.string(),
  username: z.string(),
  email: z.string(),
  role: z.enum(STAFF_ROLES),
  /** When they joined (ISO 8601); the owner's is the registration's. */
  addedAt: z.string(),
  /** Who added them (the owner for the owner's own row). */
  addedByName: z.string().nullable(),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;

export const staffInvitationSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  role: z.enum(INVITABLE_ROLES),
  createdAt: z.string(),
  expiresAt: z.string(),
  invitedByName: z.string(),
});
export type StaffInvitation = z.infer<typeof staffInvitationSchema>;

export const staffInvitationResponseSchema = z.object({ data: staffInvitationSchema });
/** GET /vendors/me/staff: the members (owner first) and the invitations still open. */
export const staffListResponseSchema = z.object({
  data: z.object({ members: z.array(staffMemberSchema), invitations: z.array(staffInvitationSchema) }),
});
export type StaffList = z.infer<typeof staffListResponseSchema>['data'];
export const staffMemberResponseSchema = z.object({ data: staffMemberSchema });

/** POST /staff-invitations/accept: the business joined, with the role and what it may do. */
export const staffMembershipSchema = z.object({
  vendorId: z.number().int(),
  businessName: z.string(),
  role: z.enum(STAFF_ROLES),
  permissions: z.array(z.enum(PERMISSIONS)),
});
export type StaffMembership = z.infer<typeof staffMembershipSchema>;
export const staffMembershipResponseSchema = z.object({ data: staffMembershipSchema });
