/**
 * The English strings of accounts (issue 15), off the shopper's first load: `accountAccess` (forgot and reset
 * password, verifying an address, unsubscribing, the verification banner), `accountSettings` (the profile's
 * password, address, data export, account deletion and closing a business) come with those screens' code
 * (apps/web/src/lib/account-strings.ts); `mail` is what the API mails, in the recipient's language.
 */
export const enAccount = {
  accountAccess: {
  },
  accountSettings: {
    passwordTitle: 'Change password',
    passwordHint: 'When you change it, you are signed out on every other device.',
    currentPassword: 'Current password',
    newPassword: 'New password',
    confirmPassword: 'Confirm new password',
    changePassword: 'Change password',
    changingPassword: 'Changing…',
    passwordChanged: 'Password changed. You were signed out on your other devices.',
    requestFailed: 'That did not work. Check your connection and try again.',
    emailTitle: 'Email address',
    emailVerified: 'Verified',
    emailNotVerified: 'Not verified yet',
    emailPending: 'Waiting for confirmation: {{email}}',
    newEmail: 'New email address',
    password: 'Password',
    changeEmail: 'Change email address',
    changingEmail: 'Sending…',
    emailLinkSent: 'We sent a link to {{email}}. Your address changes when you follow it.',
    exportTitle: 'Download my data',
    exportIntro:
      'A copy of everything Qrib holds about your account, in a machine-readable archive (JSON and your files): your profile, saved offers, codes and redemptions, receipts with their files, visits, notifications, reviews and offer activity.',
    exportOwner: 'For your business: its details, its documents and its offer photos.',
    exportMail: 'When it is ready, we also email the link to your address if it is verified.',
    prepare: 'Prepare my data',
    preparing: 'Being prepared…',
    download: 'Download ({{size}})',
    availableUntil: 'Available until {{time}}.',
    exportFailed: 'Your data could not be prepared. Please try again.',
    prepareAgain: 'Prepare a new copy',
    deleteTitle: 'Delete my account',
    deleteGoes: 'What goes: your account, your sessions, your saved offers, your notifications and your files.',
    deleteKept:
      'What is kept, and why: purchases, visits, reviews’ stars and offer activity stay, with nothing that names you, as “A former shopper”, so the shops’ figures stay true.',
    deleteFinal: 'This cannot be undone.',
    typeUsername: 'Type your username, {{username}}, to confirm',
    deleteButton: 'Delete my account',
    deleting: 'Deleting…',
    deleted: 'Your account was deleted.',
    closeFirstTitle: 'Close your business first',
    closeFirst: 'An account whose business is open cannot be deleted. Close the business above, then delete your account.',
    closeTitle: 'Close my business',
    closeWhat:
      'Shoppers no longer see {{business}} or its offers, and every offer ends. It cannot be reopened here, and handing a business over to someone else is not offered.',
    closeButton: 'Close my business',
    closeConfirmTitle: 'Close {{business}}?',
    closeConfirm: 'Yes, close it',
    cancel: 'Cancel',
    closing: 'Closing…',
    closed: '{{business}} is closed. Its offers have ended.',
  },
  mail: {
  },
};
