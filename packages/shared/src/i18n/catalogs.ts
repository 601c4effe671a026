import type { LanguageCode } from '../languages.ts';
import { ar } from './ar.ts';
import { de } from './de.ts';
import { el } from './el.ts';
import { en, type Catalog } from './en.ts';
import { fr } from './fr.ts';
import { hi } from './hi.ts';
import { it } from './it.ts';
import { ja } from './ja.ts';
import { mt } from './mt.ts';
import { tr } from './tr.ts';

export type { Catalog };

export const catalogs: Record<LanguageCode, Catalog> = { en, mt, fr, it, de, el, tr, ar, hi, ja };
