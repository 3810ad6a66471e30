import { withOverlay } from '../routing/overlay';
import { createPdf, pdfFilename, type AgreementDetail } from './api';

/**
 * Makes the PDF under the page overlay (spec section 2: the overlay shows while a PDF is created)
 * and saves it under the agreement's name. False when nothing came (the error was growled).
 */
export async function downloadPdf(agreement: Pick<AgreementDetail, 'id' | 'name'>): Promise<boolean> {
  const bytes = await withOverlay(() => createPdf(agreement.id));
  if (!bytes) return false;
  const url = URL.createObjectURL(new Blob([bytes], { type: 'application/pdf' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = pdfFilename(agreement);
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the file to the browser; the address is freed a moment later.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
  return true;
}
