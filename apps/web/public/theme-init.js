/* global document, localStorage */
// Dark Mode before the first paint: the value src/lib/theme.ts remembered (same key). The account's saved
// preference, read from /api/v1/auth/me once the app starts, then wins. A file, not inline: the CSP allows
// only same-origin scripts.
try {
  if (localStorage.getItem('qrib.darkMode') === 'true') document.documentElement.classList.add('dark');
} catch {
  // No storage: the app applies the preference as soon as it knows it.
}
