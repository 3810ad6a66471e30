/**
 * Incremental updates (ISO 32000-1, 7.5.6) through @cantoo/pdf-lib, the maintained fork of
 * pdf-lib that tracks what changed since a document was loaded and writes only that: new and
 * changed objects, a cross-reference section with /Prev and a new trailer, after the bytes given,
 * which stay exactly as they were (so every earlier signature keeps its byte range).
 */
import { PDFDocument, ParseSpeeds } from '@cantoo/pdf-lib';

/** The document, parsed at once (no yielding between objects: a signing is a single request's work). */
export function loadForUpdate(pdf: Buffer): Promise<PDFDocument> {
  return PDFDocument.load(pdf, { forIncrementalUpdate: true, updateMetadata: false, parseSpeed: ParseSpeeds.Fastest });
}

/**
 * `pdf` followed by the changes made to `doc` since it was loaded. A classic cross-reference table
 * (no object streams), as the order form has: every reader of the first revision reads the others.
 */
export async function appendChanges(pdf: Buffer, doc: PDFDocument): Promise<Buffer> {
  const snapshot = doc.context.snapshot;
  if (!snapshot) throw new Error('The document was not loaded for an incremental update');
  const update = await doc.saveIncremental(snapshot, { useObjectStreams: false, objectsPerTick: Infinity });
  return Buffer.concat([pdf, update]);
}
