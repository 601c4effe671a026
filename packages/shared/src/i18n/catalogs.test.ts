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

describe('the ten catalogs', () => {
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

  // Maltese is held to a stricter rule than the 80% above: no English is left in it at all. A value may equal the
  // English one only when nothing of it is a word once placeholders and names that every language shares are taken out.
  const sharedNames = ['Qrib', 'PDF'];
  const wordsLeft = (text: string) =>
    sharedNames
      .reduce((rest, name) => rest.replaceAll(name, ''), text.replace(/\{\{\w+\}\}/g, ''))
      .match(/\p{L}{2,}/gu) ?? [];
  const englishWords =
    /(?<!\p{L})(the|and|your|you|please|with|for|this|not|has|have|been|could|must|offers?|shops?|receipts?|saved)(?!\p{L})/iu;

  it.each(['mt'] as const)('%s leaves no English behind', (code) => {
    const catalog = flatten(catalogs[code]);
    const copied = Object.keys(catalog).filter((key) => catalog[key] === english[key] && wordsLeft(catalog[key] ?? '').length > 0);
    expect(copied).toEqual([]);
    // Placeholders and the API's own upper-case values (NOT_PURCHASED) are not words of the text.
    const prose = (text: string) => text.replace(/\{\{\w+\}\}/g, '').replace(/[A-Z][A-Z_]+/g, '');
    const withEnglishWords = Object.keys(catalog).filter((key) => englishWords.test(prose(catalog[key] ?? '')));
    expect(withEnglishWords).toEqual([]);
  });

  it('the check would catch an English value left in a catalog', () => {
    expect(wordsLeft(english['nav.saved'] ?? '')).toEqual(['Saved']);
    expect(wordsLeft(english['receipts.pdfFile'] ?? '')).toEqual([]);
    expect(englishWords.test(english['home.title'] ?? '')).toBe(true);
  });
});
