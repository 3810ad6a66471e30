import { execFileSync } from 'node:child_process';

/**
 * Whether poppler-utils (pdftotext, pdftoppm, pdfsig: the independent PDF reader the agreement
 * tests check with) is installed. CI installs it and sets REQUIRE_POPPLER, so there a missing tool
 * fails the run; on a machine without it the checks are skipped rather than failing on the tool.
 */
export const hasPoppler = (() => {
  try {
    execFileSync('pdftotext', ['-v'], { stdio: 'ignore' });
    execFileSync('pdfsig', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();
if (!hasPoppler && process.env.REQUIRE_POPPLER) throw new Error('poppler-utils (pdfsig, pdftotext, pdftoppm) is required: apt-get install poppler-utils');
