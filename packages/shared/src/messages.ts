/**
 * Every user-visible message the API and the forms share, in English. The spec's exact strings live here
 * once; the web translates them through the `messages` namespace of the i18n catalogs (same keys).
 * Placeholders use i18next's `{{name}}` form; fill them with `formatMessage`.
 */
export const MESSAGES = {
  // Spec §5: login
  usernameRequired: 'Username is required',
  loginPasswordRule: 'Password must be at least 8 characters and contain a number',
  // Spec §5: sign-up, in the spec's order
  invalidName: 'Please enter a valid name',
  invalidEmail: 'Invalid email',
  invalidPhone: 'Invalid phone number',
  signupPasswordRule: 'Password must be at least 8 characters and contain at least one number',
  passwordsDoNotMatch: 'Passwords do not match',
  // Sign-up rules the spec is silent on
  usernameFormat: 'Username must be 3 to 30 characters: letters, numbers, dots, underscores or hyphens',
  passwordTooLong: 'Password must be at most 128 characters',
  // Spec §8
  loginFailed: 'Login failed',
  signupFailed: 'Signup failed',
  oauthNotImplemented: 'OAuth login is not implemented yet',
  // Accounts (server)
  invalidCredentials: 'Invalid username or password',
  usernameTaken: 'This username is already taken. Please choose another one.',
  emailTaken: 'An account with this email address already exists. Please log in instead.',
  tooManyLoginAttempts: 'Too many login attempts. Please try again in {{minutes}} min.',
  tooManySignups: 'Too many sign-ups from this network. Please try again in {{minutes}} min.',
  notSignedIn: 'Please log in to continue.',
  sessionNotStored:
    'You are logged in, but your browser did not keep the session cookie. Open Qrib over https or on http://localhost.',
  invalidSession: 'Your session is invalid or has expired. Please log in again.',
  // Generic API errors
  invalidJson: 'The request body is not valid JSON.',
  invalidUrl: 'The address is not valid. Check it for stray % signs or unfinished characters.',
  unsupportedMediaType: 'Unsupported content type {{contentType}}.',
  bodyTooLarge: 'The request body is too large.',
  routeNotFound: 'No API route matches {{method}} {{url}}.',
  internalError: 'Something went wrong on our side. Please try again.',
  invalidInput: 'The request is invalid: {{detail}}',
} as const;

export type MessageKey = keyof typeof MESSAGES;

/** Fills `{{name}}` placeholders. Unknown placeholders are left as they are. */
export function formatMessage(template: string, params: Record<string, string | number> = {}): string {
  return template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

const matchers = (Object.entries(MESSAGES) as [MessageKey, string][]).map(([key, template]) => {
  const names: string[] = [];
  const pattern = template
    .split(/(\{\{\w+\}\})/)
    .map((part) => {
      const placeholder = /^\{\{(\w+)\}\}$/.exec(part);
      if (placeholder?.[1]) {
        names.push(placeholder[1]);
        return '(.+?)';
      }
      return escapeRegExp(part);
    })
    .join('');
  return { key, names, regex: new RegExp(`^${pattern}$`) };
});

/**
 * Finds which shared message an English text is (with its placeholder values), so a client can show a
 * server message in the reader's language. Returns undefined for a text that is not one of ours.
 */
export function matchMessage(text: string): { key: MessageKey; params: Record<string, string> } | undefined {
  for (const { key, names, regex } of matchers) {
    const found = regex.exec(text);
    if (found) {
      const params: Record<string, string> = {};
      names.forEach((name, index) => {
        params[name] = found[index + 1] ?? '';
      });
      return { key, params };
    }
  }
  return undefined;
}
