/** PASS/FAIL lines with a name and what was seen, and the closing "N passed, M failed". */
export class Report {
  passed = 0;
  failed = 0;

  /** Runs one check: it answers what it saw (PASS) or throws saying what went wrong (FAIL). */
  async check(name: string, run: () => Promise<string>): Promise<boolean> {
    try {
      const detail = await run();
      this.pass(name, detail);
      return true;
    } catch (error) {
      this.fail(name, error instanceof Error ? error.message : String(error));
      return false;
    }
  }

  pass(name: string, detail: string): void {
    this.passed += 1;
    console.log(`PASS ${name}: ${detail}`);
  }

  fail(name: string, detail: string): void {
    this.failed += 1;
    console.log(`FAIL ${name}: ${detail}`);
  }

  summary(): string {
    return `${this.passed} passed, ${this.failed} failed`;
  }
}
