import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../languages.ts';
import { MESSAGES } from '../messages.ts';
import { catalogs } from './catalogs.ts';
import { en } from './en.ts';

function flatten(value: object, prefix = ''): Record<string, string> {
  return Object.entries(value).reduce<Record<string, string>>((all, [key, child]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof child === 'string') all[path] = child;
    else Object.assign(all, flatten(child as object, path));
    return all;
  }, {});
}

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort();
const english = flatten(en);

describe('the nine catalogs', () => {
  it('exist for every language', () => {
    expect(Object.keys(catalogs).sort()).toEqual(LANGUAGES.map((language) => language.code).sort());
  });

  it('English messages are the shared spec strings', () => {
    expect(en.messages).toBe(MESSAGES);
  });

  it.each(LANGUAGES.filter((language) => language.code !== 'en').map((language) => language.code))(
    '%s has every key, translated, with the same placeholders',
    (code) => {
      const catalog = flatten(catalogs[code]);
      expect(Object.keys(catalog).sort()).toEqual(Object.keys(english).sort());
      for (const [key, text] of Object.entries(catalog)) {
        expect(text.trim(), key).not.toBe('');
        expect(placeholders(text), key).toEqual(placeholders(english[key] ?? ''));
      }
      // Most of the interface really is translated, not copied from English.
      const translated = Object.keys(catalog).filter((key) => catalog[key] !== english[key]);
      expect(translated.length / Object.keys(catalog).length).toBeGreaterThan(0.8);
    },
  );
});
