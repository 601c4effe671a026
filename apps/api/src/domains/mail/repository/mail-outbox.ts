/**
 * The mail queue's writing side (issue 15): every mail is a row of `mail_outbox`, inserted in the transaction of what
 * caused it and sent later by the mailer (domains/mail/mailer.ts), never inside a request. Notifications that mail
 * (a receipt decided, a new offer, a business's state) are queued by a trigger (migration 0017), not here.
 */
import type { MailKind } from '@qrib/shared';
import type { Db } from '../../../db/client.ts';
import { mailOutbox } from '../../../db/schema.ts';

export interface QueuedMail {
  /** The account it is for; null for an address that has no account behind it. */
  userId: number | null;
  toAddress: string;
  kind: MailKind;
  /** What the template needs (names, figures, ids); nothing secret. */
  payload?: Record<string, string | number | boolean | null>;
  /** A link's raw token, kept only until the mail is sent or failed. */
  secret?: string | null;
  /** Makes the mail once-only: a second insert with the same key is ignored. */
  dedupeKey?: string | null;
}

/** Queues one mail in the caller's transaction (or on its own). Answers whether it was queued (false: a duplicate). */
export async function enqueueMail(db: Db, mail: QueuedMail): Promise<boolean> {
  const rows = await db
    .insert(mailOutbox)
    .values({
      userId: mail.userId,
      toAddress: mail.toAddress,
      kind: mail.kind,
      payload: mail.payload ?? {},
      secret: mail.secret ?? null,
      dedupeKey: mail.dedupeKey ?? null,
    })
    .onConflictDoNothing({ target: mailOutbox.dedupeKey })
    .returning({ id: mailOutbox.id });
  return rows.length > 0;
}

/** The channel the queue's trigger notifies on every insert (every replica's mailer listens). */
export const MAIL_CHANNEL = 'qrib_mail';
