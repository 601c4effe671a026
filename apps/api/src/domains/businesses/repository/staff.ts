/**
 * SQL for a business's staff (issue 28 §4, ADR 025): its members (vendor_members, the owner's row kept by migration
 * 0023's trigger) and the invitations mailed to join it (staff_invitations: only the token's SHA-256 is stored, a link
 * is used once by a conditional UPDATE). Every function runs on the database or on the caller's transaction.
 */
import { sql } from 'drizzle-orm';
import { ROLE_PERMISSIONS, STAFF_INVITATION_DAYS, type InvitableRole, type StaffInvitation, type StaffList, type StaffMembership, type StaffRole } from '@qrib/shared';
import { isUniqueViolation, selectRows, type Db } from '../../../db/client.ts';

const iso = (value: Date | string) => new Date(value).toISOString();

interface InvitationRow {
  id: number;
  email: string;
  role: InvitableRole;
  created_at: Date | string;
  expires_at: Date | string;
  invited_by_name: string | null;
}

function presentInvitation(row: InvitationRow): StaffInvitation {
  return { id: row.id, email: row.email, role: row.role, createdAt: iso(row.created_at), expiresAt: iso(row.expires_at), invitedByName: row.invited_by_name ?? '' };
}

/** A person's display name in SQL: their name, else their username. */
const displayName = (alias: string) => sql.raw(`coalesce(nullif(${alias}.name, ''), ${alias}.username)`);

/** The open invitation a token names, locked for its use. */
export interface OpenInvitation {
  id: number;
  vendorId: number;
  email: string;
  role: InvitableRole;
  businessName: string;
  vendorStatus: string;
  usable: boolean;
}

export function createStaffRepository(db: Db) {
  return {
    /** The members (owner first, then by when they joined) and the invitations still open, newest first. */
    async list(vendorId: number): Promise<StaffList> {
      const members = await selectRows<{
        user_id: number; name: string; username: string; email: string; role: StaffRole; added_at: Date | string; added_by_name: string | null;
      }>(
        db,
        sql`SELECT m.user_id, u.name, u.username, u.email, m.role, m.added_at, ${displayName('a')} AS added_by_name
            FROM vendor_members m JOIN users u ON u.id = m.user_id LEFT JOIN users a ON a.id = m.added_by_user_id
            WHERE m.vendor_id = ${vendorId}
            ORDER BY (m.role = 'OWNER') DESC, m.added_at, m.user_id`,
      );
      const invitations = await selectRows<InvitationRow>(
        db,
        sql`SELECT i.id, i.email, i.role, i.created_at, i.expires_at, ${displayName('a')} AS invited_by_name
            FROM staff_invitations i LEFT JOIN users a ON a.id = i.invited_by_user_id
            WHERE i.vendor_id = ${vendorId} AND i.accepted_at IS NULL AND i.revoked_at IS NULL AND i.expires_at > now()
            ORDER BY i.created_at DESC, i.id DESC`,
      );
      return {
        members: members.map((row) => ({
          userId: row.user_id,
          name: row.name,
          username: row.username,
          email: row.email,
          role: row.role,
          addedAt: iso(row.added_at),
          addedByName: row.added_by_name,
        })),
        invitations: invitations.map(presentInvitation),
      };
    },

    /** Whether an account with this address (not deleted) already belongs to a business. */
    async addressBelongsToABusiness(email: string): Promise<boolean> {
      const rows = await selectRows<{ one: number }>(
        db,
        sql`SELECT 1 AS one FROM users u JOIN vendor_members m ON m.user_id = u.id WHERE lower(u.email) = lower(${email}) AND u.deleted_at IS NULL LIMIT 1`,
      );
      return rows.length > 0;
    },

    /** A live account's address. */
    async addressOf(userId: number): Promise<string | undefined> {
      const [row] = await selectRows<{ email: string }>(db, sql`SELECT email FROM users WHERE id = ${userId} AND deleted_at IS NULL`);
      return row?.email;
    },

    /** The account with this address, if any: the invitation's mail goes out in its language. */
    async accountOf(email: string): Promise<number | null> {
      const [row] = await selectRows<{ id: number }>(db, sql`SELECT id FROM users WHERE lower(email) = lower(${email}) AND deleted_at IS NULL LIMIT 1`);
      return row?.id ?? null;
    },

    /** A new invitation (the earlier open ones of the business to the same address are withdrawn): answers it. */
    async insertInvitation(vendorId: number, email: string, role: InvitableRole, invitedBy: number, tokenHash: string): Promise<StaffInvitation> {
      await db.execute(sql`UPDATE staff_invitations SET revoked_at = now()
        WHERE vendor_id = ${vendorId} AND lower(email) = lower(${email}) AND accepted_at IS NULL AND revoked_at IS NULL`);
      const [row] = await selectRows<InvitationRow>(
        db,
        sql`INSERT INTO staff_invitations (vendor_id, email, role, token_hash, invited_by_user_id, expires_at)
            VALUES (${vendorId}, ${email}, ${role}, ${tokenHash}, ${invitedBy}, now() + make_interval(days => ${STAFF_INVITATION_DAYS}))
            RETURNING id, email, role, created_at, expires_at, (SELECT ${displayName('a')} FROM users a WHERE a.id = ${invitedBy}) AS invited_by_name`,
      );
      if (!row) throw new Error('the invitation was not written');
      return presentInvitation(row);
    },

    /** The invitation a token names, locked (FOR UPDATE) in the caller's transaction; `usable` when open and unexpired. */
    async lockInvitation(tokenHash: string): Promise<OpenInvitation | undefined> {
      const [row] = await selectRows<{ id: number; vendor_id: number; email: string; role: InvitableRole; business_name: string; vendor_status: string; usable: boolean }>(
        db,
        sql`SELECT i.id, i.vendor_id, i.email, i.role, v.business_name, v.status AS vendor_status,
                   (i.accepted_at IS NULL AND i.revoked_at IS NULL AND i.expires_at > now()) AS usable
            FROM staff_invitations i JOIN vendors v ON v.id = i.vendor_id
            WHERE i.token_hash = ${tokenHash} FOR UPDATE OF i`,
      );
      return row
        ? { id: row.id, vendorId: row.vendor_id, email: row.email, role: row.role, businessName: row.business_name, vendorStatus: row.vendor_status, usable: row.usable }
        : undefined;
    },

    /** The invitee joins: their member row and the invitation used, in the caller's transaction. */
    async join(invitation: OpenInvitation, userId: number, invitedBy: number | null): Promise<StaffMembership> {
      await db.execute(sql`INSERT INTO vendor_members (vendor_id, user_id, role, added_by_user_id)
        VALUES (${invitation.vendorId}, ${userId}, ${invitation.role}, ${invitedBy})`);
      await db.execute(sql`UPDATE staff_invitations SET accepted_at = now(), accepted_by_user_id = ${userId} WHERE id = ${invitation.id}`);
      return { vendorId: invitation.vendorId, businessName: invitation.businessName, role: invitation.role, permissions: [...ROLE_PERMISSIONS[invitation.role]] };
    },

    async inviterOf(invitationId: number): Promise<number | null> {
      const [row] = await selectRows<{ invited_by_user_id: number | null }>(db, sql`SELECT invited_by_user_id FROM staff_invitations WHERE id = ${invitationId}`);
      return row?.invited_by_user_id ?? null;
    },

    /** A member's role: 'changed', 'owner' (the owner's row never changes here) or 'not-found'. */
    async changeRole(vendorId: number, userId: number, role: InvitableRole): Promise<'changed' | 'owner' | 'not-found'> {
      const rows = await selectRows<{ role: StaffRole }>(
        db,
        sql`UPDATE vendor_members SET role = CASE WHEN role = 'OWNER' THEN role ELSE ${role} END
            WHERE vendor_id = ${vendorId} AND user_id = ${userId} RETURNING role`,
      );
      if (!rows[0]) return 'not-found';
      return rows[0].role === 'OWNER' ? 'owner' : 'changed';
    },

    /** Removes a member (never the owner): 'removed', 'owner' or 'not-found'. */
    async remove(vendorId: number, userId: number): Promise<'removed' | 'owner' | 'not-found'> {
      const [found] = await selectRows<{ role: StaffRole }>(db, sql`SELECT role FROM vendor_members WHERE vendor_id = ${vendorId} AND user_id = ${userId}`);
      if (!found) return 'not-found';
      if (found.role === 'OWNER') return 'owner';
      const removed = await selectRows<{ user_id: number }>(
        db,
        sql`DELETE FROM vendor_members WHERE vendor_id = ${vendorId} AND user_id = ${userId} AND role <> 'OWNER' RETURNING user_id`,
      );
      return removed.length > 0 ? 'removed' : 'not-found';
    },

    /** Withdraws an open invitation of the business: false when there is none with that id. */
    async revokeInvitation(vendorId: number, invitationId: number): Promise<boolean> {
      const rows = await selectRows<{ id: number }>(
        db,
        sql`UPDATE staff_invitations SET revoked_at = now()
            WHERE id = ${invitationId} AND vendor_id = ${vendorId} AND accepted_at IS NULL AND revoked_at IS NULL AND expires_at > now()
            RETURNING id`,
      );
      return rows.length > 0;
    },

    /** A member's row as the list shows it. */
    async findMember(vendorId: number, userId: number) {
      return (await this.list(vendorId)).members.find((member) => member.userId === userId);
    },
  };
}

/** Whether an error is the member row's uniqueness: the person already belongs to a business (this one or another). */
export function isAlreadyAMember(error: unknown): boolean {
  return isUniqueViolation(error, 'vendor_members_user_id_unique') || isUniqueViolation(error, 'vendor_members_vendor_id_user_id_pk');
}
