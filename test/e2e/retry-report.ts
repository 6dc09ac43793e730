import { relative } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import type { Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/**
 * Names, last and in red, every test that passed only on its retry, with what failed the first
 * time: the suite must be steady (issue 23: no retry used in three runs in a row), and the list
 * reporter's one 'flaky' count is easy to miss. A retry is kept so that a flake is told apart
 * from a failure (one fails twice) and leaves its first attempt's trace.
 */
export default class RetryReport implements Reporter {
  private readonly firstFailure = new Map<string, string>();
  private readonly retried: string[] = [];

  printsToStdio() {
    return false;
  }

  onTestEnd(test: TestCase, result: TestResult) {
    const where = `${relative(process.cwd(), test.location.file)}:${test.location.line} › ${test.title}`;
    if (result.retry === 0 && result.status !== 'passed' && result.status !== 'skipped') {
      const message = result.error?.message ?? result.status;
      // Colour codes off, first line only: the full error is in the list reporter's output above.
      this.firstFailure.set(test.id, stripVTControlCharacters(message).split('\n')[0]);
    }
    if (result.retry > 0 && result.status === 'passed')
      this.retried.push(`  ${where}\n    first attempt: ${this.firstFailure.get(test.id) ?? 'failed'}`);
  }

  onEnd() {
    if (this.retried.length === 0) return;
    const n = this.retried.length;
    process.stdout.write(
      `\n\u001b[1;31mRETRY USED: ${n} test${n === 1 ? '' : 's'} passed only on a retry; the suite is not steady:\u001b[0m\n${this.retried.join('\n')}\n`,
    );
  }
}
