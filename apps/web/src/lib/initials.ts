/**
 * The letters of an avatar, one rule for the whole app: the first letter of the first and of the last word
 * (so 'Maria de la Cruz' is MC, not MD), counted in code points so a name in a script outside the Basic
 * Multilingual Plane keeps whole letters, and '?' for a blank name so an avatar is never empty.
 */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = words[0];
  const last = words.length > 1 ? words.at(-1) : undefined;
  const letters = [first, last].map((word) => (word === undefined ? '' : (Array.from(word)[0] ?? '').toLocaleUpperCase()));
  return letters.join('') || '?';
}
