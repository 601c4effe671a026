/**
 * How well the automatic receipt check reads real receipts (issue 24): the ICDAR 2019 SROIE scans, each with its
 * company, date and total written down by hand, through `npm run receipts:check` (the server's own pipeline).
 * Two runs over the same receipts:
 *   - honest: sent to the shop the key names, uploaded at 12:00Z the day after the receipt's date, no offer;
 *   - wrong shop: the same receipt sent to another company of the set.
 * Prints what was read right, the verdicts, the time per receipt, and each target of issue 24 as met or not.
 *
 * Run: SROIE_DIR=/path/to/ICDAR-2019-SROIE/data npm run bench:receipts
 *      (BENCH_RECEIPT_IDS=000-299 by default; a smaller range such as 000-059 for development;
 *       RECEIPT_OCR_WORKERS=2 by default). Nothing is downloaded: bring the set yourself (see issue 24).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { MERCHANT_MATCH, nameSimilarity } from '../apps/api/src/domains/receipts/receipt-rules.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CLI = path.join(ROOT, 'apps/api/scripts/receipts-check.ts');

const sroieDir = process.env.SROIE_DIR;
if (!sroieDir || !existsSync(path.join(sroieDir, 'img')) || !existsSync(path.join(sroieDir, 'key'))) {
  console.error(
    'bench:receipts needs SROIE_DIR: the data/ folder of the public repository zzzDavid/ICDAR-2019-SROIE (with img/ and key/).\n' +
      'Nothing is downloaded by this script; see issue 24 for how to bring it.',
  );
  process.exit(2);
}
const range = /^(\d{1,3})-(\d{1,3})$/.exec(process.env.BENCH_RECEIPT_IDS ?? '000-299');
if (!range) {
  console.error('BENCH_RECEIPT_IDS must be a range such as 000-299');
  process.exit(2);
}
const workers = Number(process.env.RECEIPT_OCR_WORKERS ?? 2);

interface Key {
  company: string;
  date: string;
  total: string;
}
interface Receipt {
  id: string;
  file: string;
  key: Key;
  /** YYYY-MM-DD, from the key. */
  date: string;
}
interface Line {
  file: string;
  status: 'VERIFIED' | 'NEEDS_REVIEW' | 'REJECTED';
  reasonCode: string | null;
  fields: { merchant: string | null; date: string | null; total: number | null; subtotal: number | null };
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/** The key's date (written day first, in many spellings, as on the receipt) as YYYY-MM-DD; null if unclear. */
function keyDate(text: string): string | null {
  const value = text.trim();
  const pad = (part: string | number) => String(part).padStart(2, '0');
  const year = (part: string) => (part.length === 2 ? `20${part}` : part);
  let match = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(value);
  if (match) return `${match[1]}-${pad(match[2] ?? '')}-${pad(match[3] ?? '')}`;
  match = /^(\d{1,2})[-/. ](\d{1,2}|[A-Za-z]{3})[-/. ](\d{4}|\d{2})$/.exec(value);
  if (match) {
    const month = /\d/.test(match[2] ?? '') ? Number(match[2]) : MONTHS.indexOf((match[2] ?? '').toLowerCase()) + 1;
    return month >= 1 && month <= 12 ? `${year(match[3] ?? '')}-${pad(month)}-${pad(match[1] ?? '')}` : null;
  }
  match = /^(\d{2})(\d{2})(\d{4})$/.exec(value);
  if (match && !value.startsWith('20')) return `${match[3]}-${match[2]}-${match[1]}`;
  match = /^(20\d{2})(\d{2})(\d{2})$/.exec(value);
  if (match) return `${match[1]}-${match[2]}-${match[3]}`;
  return null;
}

const companyWords = (company: string) => company.toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim();

function loadReceipts(): Receipt[] {
  const [from, to] = [Number(range?.[1]), Number(range?.[2])];
  const receipts: Receipt[] = [];
  for (let number = from; number <= to; number += 1) {
    const id = String(number).padStart(3, '0');
    const file = path.join(sroieDir as string, 'img', `${id}.jpg`);
    const keyFile = path.join(sroieDir as string, 'key', `${id}.json`);
    if (!existsSync(file) || !existsSync(keyFile)) continue;
    const key = JSON.parse(readFileSync(keyFile, 'utf8')) as Key;
    const date = keyDate(key.date);
    if (!date) {
      console.error(`receipt ${id}: the key's date '${key.date}' is not a day-first date; left out`);
      continue;
    }
    receipts.push({ id, file, key, date });
  }
  return receipts;
}

function uploadedAt(date: string): string {
  const day = new Date(`${date}T12:00:00Z`);
  day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString();
}

/** Another company of the set: the next receipt (cycling) whose company shares no name with this one. */
function otherShop(receipts: Receipt[], index: number): string {
  const own = receipts[index] as Receipt;
  for (let step = 1; step < receipts.length; step += 1) {
    const other = receipts[(index + step) % receipts.length] as Receipt;
    if (companyWords(other.key.company) !== companyWords(own.key.company) && nameSimilarity(other.key.company, own.key.company) < MERCHANT_MATCH) {
      return other.key.company;
    }
  }
  return 'Some Other Trading Company Ltd';
}

function runCheck(manifest: string): Promise<{ lines: Line[]; seconds: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, ['--import', 'tsx', CLI, manifest], {
      cwd: ROOT,
      env: { ...process.env, RECEIPT_OCR_WORKERS: String(workers) },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let stdout = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      stdout += chunk;
    });
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) {
        reject(new Error(`receipts:check ended with ${code}`));
        return;
      }
      const lines = stdout
        .split('\n')
        .filter((line) => line.trim() !== '')
        .map((line) => JSON.parse(line) as Line);
      resolve({ lines, seconds: (performance.now() - started) / 1000 });
    });
  });
}

const percent = (count: number, total: number) => (total === 0 ? 0 : (100 * count) / total);
const show = (value: number) => `${value.toFixed(1)} %`;

const receipts = loadReceipts();
if (receipts.length === 0) {
  console.error('no receipts in that range');
  process.exit(2);
}
const folder = mkdtempSync(path.join(tmpdir(), 'qrib-bench-receipts-'));
try {
  const wrongShops = receipts.map((_, index) => otherShop(receipts, index));
  const honestManifest = path.join(folder, 'honest.json');
  const wrongManifest = path.join(folder, 'wrong-shop.json');
  writeFileSync(honestManifest, JSON.stringify(receipts.map((receipt) => ({ file: receipt.file, shopName: receipt.key.company, uploadedAt: uploadedAt(receipt.date), offer: null }))));
  writeFileSync(
    wrongManifest,
    JSON.stringify(wrongShops.map((shopName, index) => ({ file: (receipts[index] as Receipt).file, shopName, uploadedAt: uploadedAt((receipts[index] as Receipt).date), offer: null }))),
  );
  console.log(`SROIE receipts ${range[1]}-${range[2]}: ${receipts.length}, ${workers} OCR workers`);
  const honest = await runCheck(honestManifest);
  const wrong = await runCheck(wrongManifest);
  if (honest.lines.length !== receipts.length || wrong.lines.length !== receipts.length) throw new Error('receipts:check did not answer one line per receipt');

  const count = (lines: Line[], test: (line: Line, receipt: Receipt) => boolean) => lines.filter((line, index) => test(line, receipts[index] as Receipt)).length;
  const n = receipts.length;
  const dateExact = percent(count(honest.lines, (line, receipt) => line.fields.date === receipt.date), n);
  const totalExact = percent(
    count(honest.lines, (line, receipt) => line.fields.total !== null && Math.abs(line.fields.total - Number(receipt.key.total.replace(/[^0-9.]/g, ''))) <= 0.01 + 1e-9),
    n,
  );
  const merchantFound = percent(count(honest.lines, (line, receipt) => line.fields.merchant !== null && nameSimilarity(line.fields.merchant, receipt.key.company) >= MERCHANT_MATCH), n);
  const share = (lines: Line[], status: Line['status']) => percent(count(lines, (line) => line.status === status), n);
  const secondsPerReceipt = (honest.seconds + wrong.seconds) / (2 * n);

  console.log(`date read exactly        ${show(dateExact)}`);
  console.log(`total read exactly       ${show(totalExact)}   (within 0.01 of the key)`);
  console.log(`shop's name found        ${show(merchantFound)}`);
  console.log(`honest      VERIFIED ${show(share(honest.lines, 'VERIFIED'))}  NEEDS_REVIEW ${show(share(honest.lines, 'NEEDS_REVIEW'))}  REJECTED ${show(share(honest.lines, 'REJECTED'))}`);
  console.log(`wrong shop  VERIFIED ${show(share(wrong.lines, 'VERIFIED'))}  NEEDS_REVIEW ${show(share(wrong.lines, 'NEEDS_REVIEW'))}  REJECTED ${show(share(wrong.lines, 'REJECTED'))}`);
  console.log(`time                     ${secondsPerReceipt.toFixed(2)} s per receipt (wall time / receipts, ${workers} workers)`);
  const reasons = new Map<string, number>();
  for (const line of honest.lines) if (line.status !== 'VERIFIED') reasons.set(`${line.status} ${line.reasonCode}`, (reasons.get(`${line.status} ${line.reasonCode}`) ?? 0) + 1);
  console.log(`honest, not verified:    ${[...reasons].map(([reason, times]) => `${reason} ×${times}`).join(', ') || 'none'}`);
  const rejected = honest.lines.flatMap((line, index) => (line.status === 'REJECTED' ? [`${(receipts[index] as Receipt).id} ${line.reasonCode}`] : []));
  if (rejected.length > 0) console.log(`honest, rejected:        ${rejected.join(', ')}`);
  const wronglyVerified = wrong.lines.flatMap((line, index) => (line.status === 'VERIFIED' ? [`${(receipts[index] as Receipt).id} (merchant read: ${line.fields.merchant})`] : []));
  if (wronglyVerified.length > 0) console.log(`wrong shop, verified:    ${wronglyVerified.join(', ')}`);
  for (const [index, line] of wrong.lines.entries()) if (line.status === 'VERIFIED') console.log(`  ${(receipts[index] as Receipt).id} sent to '${wrongShops[index]}' (its own: '${(receipts[index] as Receipt).key.company}')`);

  const targets: [string, boolean][] = [
    ['honest REJECTED ≤ 1 %', share(honest.lines, 'REJECTED') <= 1],
    ['wrong shop VERIFIED 0 %', share(wrong.lines, 'VERIFIED') === 0],
    ['honest VERIFIED ≥ 70 %', share(honest.lines, 'VERIFIED') >= 70],
    ['date exact ≥ 85 %', dateExact >= 85],
    ['total exact ≥ 75 %', totalExact >= 75],
    ['≤ 2.5 s per receipt', secondsPerReceipt <= 2.5],
    ['(stretch) date exact ≥ 95 %', dateExact >= 95],
    ['(stretch) total exact ≥ 85 %', totalExact >= 85],
  ];
  console.log('targets:');
  for (const [target, isMet] of targets) console.log(`  ${isMet ? 'met    ' : 'NOT met'}  ${target}`);
} finally {
  rmSync(folder, { recursive: true, force: true });
}
